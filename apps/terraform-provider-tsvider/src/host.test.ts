// What the host sees of the provider beyond its resources: its log lines filed under the
// provider when TF_LOG asks for them, and debug mode, where tofu attaches to a provider
// someone started by hand through TF_REATTACH_PROVIDERS.
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import { executable, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let root: string;
let cliConfigFile: string;
let binary: string;
let tofu: TofuSetup;

beforeAll(async () => {
  tofu = await setUpTofu("tsvider-host-");
  ({ root, binary, cliConfigFile } = tofu);
});
afterAll(() => tofu.cleanup());

async function project(name: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Workdir> {
  const dir = join(root, name);
  await mkdir(dir);
  await writeFile(
    join(dir, "main.tf"),
    `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
resource "tsvider_file_content" "f" {
  filename = "out.txt"
  content  = "hello"
}
`,
  );
  return new Workdir({ dir, binary, cliConfigFile, extraEnv });
}

/**
 * A project applied with TF_LOG=trace, and its log as the apply left it: made by the first of
 * the two tests that read it, which both need the same init and apply.
 */
let traced: Promise<{ work: Workdir; logFile: string; log: string }> | undefined;
function tracedApply() {
  traced ??= (async () => {
    const logFile = join(root, "trace.log");
    const work = await project("logs", { TF_LOG: "trace", TF_LOG_PATH: logFile });
    await work.run(["init", "-no-color"]);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    return { work, logFile, log: await readFile(logFile, "utf8") };
  })();
  return traced;
}

describe("logging", () => {
  it("shows each RPC the provider served as a provider entry in tofu's trace log", async () => {
    const { log } = await tracedApply();
    // e.g. 2026-…Z [TRACE] provider.terraform-provider-tsvider_v0.1.0: received request: @module=provider rpc=ApplyResourceChange …
    const entries = log
      .split("\n")
      .filter((l) =>
        /\[TRACE\] provider\.terraform-provider-tsvider[^:]*: (received|served) request:/.test(l),
      );
    const rpcs = new Set(entries.map((l) => /rpc=(\w+)/.exec(l)?.[1]));
    for (const rpc of [
      "GetProviderSchema",
      "ConfigureProvider",
      "PlanResourceChange",
      "ApplyResourceChange",
    ]) {
      expect(rpcs, `${rpc} in the trace log`).toContain(rpc);
    }
    expect(entries.some((l) => l.includes("@module=provider"))).toBe(true);
  });

  it("is asked to plan destroys (plan_destroy), and serves destroy's apply", async () => {
    const { work, logFile, log } = await tracedApply();
    const before = log.length;
    const destroyed = await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(destroyed.stdout).toContain("1 destroyed");
    // Each walk is a provider process. The refresh walk reads and plans; without plan_destroy
    // tofu plans the destroy walk itself, so that walk would serve no PlanResourceChange.
    const walks = (await readFile(logFile, "utf8"))
      .slice(before)
      .split(/\n(?=.*provider: starting plugin)/)
      .map((walk) =>
        walk
          .split("\n")
          .filter((l) => /\[TRACE\] provider\.terraform-provider-tsvider[^:]*: received request:/.test(l))
          .map((l) => /rpc=(\w+)/.exec(l)?.[1]),
      );
    const destroyPlan = walks.filter(
      (rpcs) => rpcs.includes("PlanResourceChange") && !rpcs.includes("ReadResource"),
    );
    expect(destroyPlan, JSON.stringify(walks)).toHaveLength(1);
    expect(walks.some((rpcs) => rpcs.includes("ApplyResourceChange"))).toBe(true);
  });

  it("writes nothing when no level is set", async () => {
    const work = await project("quiet");
    await work.run(["init", "-no-color"]);
    const res = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(res.stderr).not.toContain("received request");
  });
});

describe("debug mode", () => {
  it("serves tofu through TF_REATTACH_PROVIDERS across commands, then stops on Ctrl-C", async () => {
    const child = spawn(executable, [], {
      env: { ...process.env, TSVIDER_DEBUG: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const reattach = await new Promise<string>((resolve, reject) => {
      const seen: string[] = [];
      createInterface({ input: child.stdout }).on("line", (line) => {
        seen.push(line);
        if (line.trim().startsWith("{")) resolve(line.trim());
      });
      void exited.then((code) => reject(new Error(`the provider exited with ${code}:\n${seen.join("\n")}`)));
    });
    expect(Object.keys(JSON.parse(reattach))).toEqual([
      "registry.terraform.io/tsvider/tsvider",
      "registry.opentofu.org/tsvider/tsvider",
    ]);
    const work = await project("debug", { TF_REATTACH_PROVIDERS: reattach });
    await work.run(["init", "-no-color"]);
    const applied = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(applied.stdout).toContain("1 added");
    // Another command, another walk: ConfigureProvider again on the same process.
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code).toBe(0);
    await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(child.exitCode).toBeNull();
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});
