#!/usr/bin/env node
// tsvider-hcldec: hashicorp's hcldec command on @tsvider/hcl (see src/hcldec/cli.ts).

import { readFileSync, writeFileSync } from "node:fs";
import { runHcldec } from "../hcldec/cli.js";

const code = runHcldec(process.argv.slice(2), {
  stdin: () => readFileSync(0),
  readFile: (path) => readFileSync(path),
  writeFile: (path, text) => writeFileSync(path, text),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: process.stderr.isTTY === true,
  width: process.stdout.isTTY ? process.stdout.columns : 80,
});
process.exitCode = code;
