// `pnpm test` (and `./dev test`): runs each command given, in order, every one of them whatever
// the ones before did, then prints a summary of each step and of every failed task and test,
// and exits 1 if any failed. The steps are the arguments, so the root package.json's `test`
// script keeps the whole chain in view:
//
//   node tooling/test/run-all.mjs "pnpm run lint" "turbo run typecheck test --continue" ...
//
// A step's name is its command without a leading "pnpm run ".
import { runSteps } from "./steps.mjs";

const commands = process.argv.slice(2);
if (commands.length === 0) {
  process.stderr.write('usage: node tooling/test/run-all.mjs "COMMAND" ["COMMAND" ...]\n');
  process.exit(2);
}
const steps = commands.map((command) => ({ name: command.replace(/^pnpm run /, ""), command }));
process.exitCode = await runSteps("./dev test", steps);
