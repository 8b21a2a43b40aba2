// Every `tsvider` command, in the order --help lists them: a project's life from first line to
// release, then the tools for looking inside it.
import type { Command } from "../cli/command.js";
import { buildCommand } from "./build.js";
import { docsCommand } from "./docs.js";
import { installCommand } from "./install.js";
import { newCommand } from "./new.js";
import { releaseCommand } from "./release.js";
import { schemaCommand } from "./schema.js";
import { serveCommand } from "./serve.js";

export const commands: readonly Command[] = [
  newCommand,
  installCommand,
  buildCommand,
  releaseCommand,
  docsCommand,
  schemaCommand,
  serveCommand,
];
