// A handler that computes for ever without yielding, through the real tofu: with the provider
// served from a control thread (fixtures/busy-provider.mjs), one Ctrl-C to tofu ends the run. tofu
// asks the provider to stop, the control thread answers, the create is answered as cancelled
// after the stop grace period, and tofu exits with that error; the provider's process is gone
// afterwards. (Served from the main thread, the same run never ends: nothing answers.)
//
// The provider (fixtures/busy-provider.mjs, a small one of its own: the reference provider has
// no handler that loops for ever) runs as tofu starts it, through dev_overrides. And when tofu
// itself is killed outright while the handler loops, the provider does not stay behind.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveTofu } from "@tsvider/conformance";
import { afterAll, describe, expect, it, vi } from "vitest";
import { record } from "./counts.test-support.js";
import { isAlive } from "./processes.test-support.js";

const fixture = fileURLToPath(new URL("./fixtures/busy-provider.mjs", import.meta.url));
/** A guard against a hang on a loaded machine, not a timing (those are in apps/bench). */
const HANG_GUARD_MS = 120_000;

/** Polls `done` until it holds; the time-out is a guard against a hang, not a timing. */
const until = (done: () => boolean) => vi.waitUntil(done, { timeout: HANG_GUARD_MS, interval: 50 });

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface BusyRun {
  readonly run: ChildProcess;
  readonly providerPid: number;
  output(): string;
  exitCode(): number | null | undefined;
}

/** `tofu apply` of one busy_endless, returned once its create has started its endless loop. */
async function startBusyApply(): Promise<BusyRun> {
  const tofu = resolveTofu();
  const dir = await mkdtemp(join(tmpdir(), "tsvider-busy-"));
  dirs.push(dir);
  const bin = join(dir, "bin");
  const work = join(dir, "work");
  const marker = join(dir, "busy.pid");
  await Promise.all([mkdir(bin), mkdir(work)]);
  const launcher = join(bin, "terraform-provider-busy");
  await writeFile(launcher, `#!/bin/sh\nexec "${process.execPath}" "${fixture}" "$@"\n`);
  await chmod(launcher, 0o755);
  const cliConfig = join(dir, "cli.tfrc");
  await writeFile(
    cliConfig,
    `provider_installation {\n  dev_overrides {\n    "registry.opentofu.org/tsvider/busy" = "${bin}"\n  }\n  direct {}\n}\n`,
  );
  await writeFile(
    join(work, "main.tf"),
    'terraform {\n  required_providers {\n    busy = { source = "tsvider/busy" }\n  }\n}\n\nresource "busy_endless" "x" {\n  name = "x"\n}\n',
  );
  const run = spawn(tofu, ["apply", "-auto-approve", "-input=false", "-no-color"], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TF_CLI_CONFIG_FILE: cliConfig,
      BUSY_MARKER: marker,
      // The handler spins through the grace period: a short one is all the test needs to see
      // the call answered as cancelled when it ends.
      BUSY_STOP_GRACE_MS: "500",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  run.stdout.on("data", (chunk) => (output += chunk));
  run.stderr.on("data", (chunk) => (output += chunk));
  let code: number | null | undefined;
  run.on("close", (c) => (code = c));
  await until(() => existsSync(marker) || code !== undefined);
  expect(code, output).toBeUndefined();
  return {
    run,
    providerPid: Number(await readFile(marker, "utf8")),
    output: () => output,
    exitCode: () => code,
  };
}

describe("a create that computes for ever, served from a control thread", () => {
  it("ends with one Ctrl-C to tofu: the create is reported cancelled and the provider exits", async () => {
    const busy = await startBusyApply();
    // One Ctrl-C, to tofu alone (a terminal sends it to the provider too, which ignores it).
    busy.run.kill("SIGINT");
    await until(() => busy.exitCode() !== undefined);
    const output = busy.output();
    expect(busy.exitCode(), output).toBe(1);
    expect(output).toContain("Interrupt received");
    expect(output).toContain("ApplyResourceChange of busy_endless was cancelled");
    expect(output).toContain("was still running 0.5 s later");
    await until(() => !isAlive(busy.providerPid));
    record("a handler that never yields (Ctrl-C)", {
      "Ctrl-C sent": 1,
      "runs ended": 1,
      "calls cancelled": 1,
    });
  });

  it("does not outlive tofu killed outright (SIGKILL) while the create loops", async () => {
    const busy = await startBusyApply();
    busy.run.kill("SIGKILL");
    await until(() => !isAlive(busy.providerPid));
    record("a handler that never yields (host killed)", { "hosts killed": 1, "providers left running": 0 });
  });
});
