#!/usr/bin/env node
// The `tsvider` executable: the CLI on this process's terminal. The first Ctrl-C asks the
// running command to stop and clean up; a second one leaves at once.
import { INTERRUPTED_EXIT_CODE } from "../cli/main.js";
import { runTsvider } from "../cli/tsvider.js";

const interrupt = new AbortController();
const onSignal = () => {
  if (interrupt.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
  interrupt.abort();
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

const exitCode = await runTsvider(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: interrupt.signal,
});
process.exitCode = exitCode;
