// The `tsvider` CLI as data: its name, version and commands, for the executable and for tests.
import { readFileSync } from "node:fs";
import { commands } from "../commands/index.js";
import { type Cli, type CliIo, runCli } from "./main.js";

const own = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

export const tsviderCli: Cli = {
  name: "tsvider",
  version: own.version,
  summary: "write, test, build and release Terraform and OpenTofu providers in TypeScript",
  commands,
};

export function runTsvider(argv: readonly string[], io: CliIo): Promise<number> {
  return runCli(tsviderCli, argv, io);
}
