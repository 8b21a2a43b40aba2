// Start-up of the `tsvider` command line: `tsvider --version` and `tsvider --help`, from spawn
// to exit, as ratios to starting Node itself (`node -e 0`) on the same machine. These are what a
// user (and every script calling the CLI) waits for before any command does work, so they must
// not pay for the commands: each command's modules load when it runs. Median of
// TSVIDER_BENCH_CLI_RUNS runs (default 25) each, interleaved so that machine noise hits all
// variants alike. Target: both at most 1.5x.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TARGETS, verdict } from "./targets.js";
import { timeStart } from "./time-start.js";
import { median } from "./timing.js";

const bin = fileURLToPath(new URL("../../../packages/cli/dist/bin/tsvider.js", import.meta.url));
if (!existsSync(bin)) {
  console.error(`${bin} is missing: build the CLI first (pnpm --filter tsvider run build)`);
  process.exit(1);
}

const variants = [
  { name: "node -e 0", args: ["-e", "0"] },
  { name: "tsvider --version", args: [bin, "--version"] },
  { name: "tsvider --help", args: [bin, "--help"] },
] as const;

const once = (variant: (typeof variants)[number]) =>
  timeStart({ ...variant, command: process.execPath, env: process.env, handshake: false });

const RUNS = Number(process.env.TSVIDER_BENCH_CLI_RUNS ?? 25);
const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
for (const v of variants) await once(v); // warm the file cache
for (let i = 0; i < RUNS; i++) {
  for (const v of variants) samples.get(v.name)!.push(await once(v));
}
const baseline = median(samples.get("node -e 0")!);
console.log(`tsvider CLI start-up, spawn to exit, median of ${RUNS} runs (target: ${TARGETS.cliStart.rule})`);
for (const v of variants) {
  const m = median(samples.get(v.name)!);
  const target = v.name === "node -e 0" ? "" : `  ${verdict(TARGETS.cliStart, m / baseline)}`;
  console.log(
    `  ${v.name.padEnd(20)} ${m.toFixed(1).padStart(7)} ms  ${(m / baseline).toFixed(2)}x${target}`,
  );
}
