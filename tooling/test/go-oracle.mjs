// A Go oracle (tooling/oracles/NAME) as a long-lived child process answering JSON requests
// line by line, for tests that compare our bytes with the Go original's.
import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

const buildScript = fileURLToPath(new URL("../oracles/build", import.meta.url));

/**
 * The path of the built oracle. Tests never build one (a cold Go build on a busy machine
 * outlasts any hook's timeout): `./dev test` builds every oracle before the tests start, and a
 * missing one fails here with the command to run.
 */
export function oraclePath(name) {
  try {
    return execFileSync(buildScript, ["--check", name], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  } catch (error) {
    const said = error.stderr?.toString().trim();
    throw new Error(said || `tooling/oracles/build --check ${name} failed: ${error.message}`);
  }
}

export function startOracle(name) {
  const child = spawn(oraclePath(name), ["serve"], { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()?.resolve(JSON.parse(line)));
  child.on("close", (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`the ${name} oracle exited with ${code}`));
  });
  return {
    request(message) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify(message)}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
  };
}

/**
 * The oracle NAME for the tests of one file (or of the describe block it is called in):
 * started before they run, closed after. The handle can be taken at once; it answers from
 * when the tests start.
 */
export function useOracle(name) {
  let started;
  beforeAll(() => {
    started = startOracle(name);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (started === undefined) throw new Error(`the ${name} oracle is asked before the tests start`);
    return started;
  };
  return { request: (message) => current().request(message), close: () => current().close() };
}
