// Runs the steps of a test command one after another, each to its end whatever the one before
// it did, and closes with a summary of every step (passed, failed, not run) and of every failed
// turbo task and test, so that one failure never hides the others' results. Exit status: 0 when
// every step passed, else 1.
import { spawn } from "node:child_process";

/** ANSI escapes, stripped before output is read (colours stay in what the user sees). */
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, "g");

/**
 * What a failed run looks like in turbo's and vitest's output, read line by line:
 * "pkg#task: command (...) exited (1)" once per failed task at the end of a turbo run,
 * "pkg:task: ERROR: command finished with error" as it happens, and vitest's " FAIL  file > test"
 * (" FAIL  project  file > test" when the package's config has several projects).
 */
function failureReader() {
  const tasks = new Set();
  const tests = new Set();
  // The conformance runner's count per host ("tofu: N passed, N failed, ..."), repeated in the
  // summary: inside a turbo run it is far above it, among the other tasks' output.
  const counts = [];
  let partial = "";
  const line = (raw) => {
    const text = raw.replace(ansi, "").replace(/\r$/, "");
    const count = /^(?:\S+?:[^\s:]+: )?((?:tofu|terraform)\S*: \d+ passed, \d+ failed.*)$/.exec(text);
    if (count) counts.push(count[1]);
    let m = /^(\S+)#(\S+): command \(.*\) .* exited \((\d+)\)/.exec(text);
    if (m) tasks.add(`${m[1]}#${m[2]}`);
    m = /^(\S+?):([^\s:]+): ERROR: command finished with error/.exec(text);
    if (m) tasks.add(`${m[1]}#${m[2]}`);
    // vitest names the project between FAIL and the file when a config has several.
    m = /^(?:(\S+?):[^\s:]+: )?\s*FAIL\s+(?:.*?\s)?(\S+\.test\.[cm]?[jt]sx?)( > .*)?$/.exec(text);
    if (m) {
      const what = `${m[2]}${(m[3] ?? "").trimEnd()}`;
      tests.add(m[1] ? `${m[1]}: ${what}` : what);
    }
  };
  return {
    feed(chunk) {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const l of lines) line(l);
    },
    end() {
      if (partial !== "") line(partial);
      partial = "";
      return { tasks: [...tasks], tests: [...tests], counts };
    },
  };
}

/** Runs one shell command, passing its output through; resolves with its exit status and failures. */
function runStep(command, env) {
  return new Promise((resolve) => {
    const reader = failureReader();
    const child = spawn(command, {
      shell: true,
      stdio: ["inherit", "pipe", "pipe"],
      env,
    });
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      reader.feed(chunk);
    });
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      reader.feed(chunk);
    });
    child.on("error", (error) => resolve({ status: 127, reason: error.message, ...reader.end() }));
    child.on("close", (code, signal) =>
      resolve({ status: code ?? 1, reason: signal ? `killed by ${signal}` : undefined, ...reader.end() }),
    );
  });
}

const seconds = (ms) => (ms < 60_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 60_000).toFixed(1)} min`);

/**
 * Runs `steps` ({ name, command } or { name, skip: "reason" }) in order and prints the summary
 * on stderr. Returns the exit status for the caller: 0 if every step that ran passed, else 1.
 * An interrupt (Ctrl-C) ends the current step as usual and reports the rest as not run.
 */
export async function runSteps(title, steps) {
  // Children write to a pipe; keep their colours when the user sees a terminal.
  const env =
    process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: "1" } : process.env;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const results = [];
  try {
    for (const [i, step] of steps.entries()) {
      if (step.skip !== undefined || interrupted) {
        results.push({ step, outcome: "not run", reason: interrupted ? "interrupted" : step.skip });
        continue;
      }
      const shown = step.command.length > 160 ? `${step.command.slice(0, 157)}...` : step.command;
      process.stderr.write(`[test] step ${i + 1}/${steps.length}: ${step.name}  (${shown})\n`);
      const started = Date.now();
      const r = await runStep(step.command, env);
      const ms = Date.now() - started;
      const outcome = r.status === 0 ? "passed" : "FAILED";
      const reason = r.status === 0 ? undefined : (r.reason ?? `exit status ${r.status}`);
      results.push({ step, outcome, reason, ms, tasks: r.tasks, tests: r.tests, counts: r.counts });
      process.stderr.write(
        `[test] step ${i + 1}/${steps.length}: ${step.name} ${outcome} in ${seconds(ms)}\n`,
      );
    }
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }

  const width = Math.max(...steps.map((s) => s.name.length), 4);
  const out = [``, `${title}: summary`, `  ${"step".padEnd(width)}  result    time      note`];
  for (const { step, outcome, reason, ms } of results) {
    const time = ms === undefined ? "" : seconds(ms);
    out.push(
      `  ${step.name.padEnd(width)}  ${outcome.padEnd(8)}  ${time.padEnd(8)}  ${reason ?? ""}`.trimEnd(),
    );
  }
  for (const { step, counts } of results) {
    if (counts?.length) out.push(``, `  examples in ${step.name}:`, ...counts.map((c) => `    ${c}`));
  }
  const failed = results.filter((r) => r.outcome === "FAILED");
  for (const { step, tasks, tests } of failed) {
    if (tasks.length > 0) out.push(``, `  failed tasks in ${step.name}:`, ...tasks.map((t) => `    ${t}`));
    if (tests.length > 0) {
      const shown = tests.slice(0, 60);
      out.push(``, `  failed tests in ${step.name}:`, ...shown.map((t) => `    ${t}`));
      if (tests.length > shown.length) out.push(`    … and ${tests.length - shown.length} more (see above)`);
    }
  }
  const passed = results.filter((r) => r.outcome === "passed").length;
  const notRun = results.length - passed - failed.length;
  out.push(
    ``,
    failed.length === 0
      ? `${title}: every step that ran passed`
      : `${title}: ${failed.length} of ${results.length} steps failed: ${failed.map((r) => r.step.name).join(", ")}`,
    // The closing line in the plain form CI systems read: steps, not tests (each step's own
    // runner printed its counts above).
    `steps: ${passed} passed, ${failed.length} failed${notRun > 0 ? `, ${notRun} skipped` : ""}`,
  );
  process.stderr.write(`${out.join("\n")}\n`);
  return failed.length === 0 && !interrupted ? 0 : 1;
}
