// Our server against hashicorp/go-plugin's own client (tooling/oracles/goplugin), launched
// and stopped exactly as Terraform and OpenTofu launch and stop providers.
import { execFile, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { oraclePath } from "../../../tooling/test/go-oracle.mjs";
import { runModule, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";

const fixture = fileURLToPath(new URL("../test/fixture-plugin.mjs", import.meta.url));
let oracle: string;
beforeAll(() => {
  oracle = oraclePath("goplugin");
});

interface Report {
  version: number;
  network?: string;
  address?: string;
  ping: boolean;
  pingError?: string;
  shutdownMs?: number;
  graceful: boolean;
  exited: boolean;
  error?: string;
  logs: Record<string, unknown>[];
}

async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Report> {
  const { stdout } = await promisify(execFile)(oracle, args, {
    env: { ...process.env, TF_LOG: "", TF_LOG_PROVIDER: "", ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Report;
}

/** The two ways a plugin serves: each test below runs both. */
const ways = [
  { way: "from a control thread (the default)", serving: {} },
  { way: "from the main thread (TSVIDER_CONTROL_THREAD=0)", serving: { TSVIDER_CONTROL_THREAD: "0" } },
];

describe.each(ways)("launched by go-plugin's client, served $way", ({ serving }) => {
  const launch = (flags: string[], env?: NodeJS.ProcessEnv) =>
    run(["launch", ...flags, "--", process.execPath, fixture], { ...serving, ...env });

  it("negotiates protocol 6 over AutoMTLS, answers a ping, and exits by itself on Shutdown", async () => {
    const r = await launch(["-versions", "5,6"]);
    expect(r.error).toBeUndefined();
    // No clock of ours here. The one deadline is the host's own: go-plugin's Kill (what
    // Terraform and OpenTofu call) waits two seconds after Shutdown, then kills the plugin and
    // logs that it did; `graceful` is the oracle's report that this did not happen. Our plugin
    // exits in tens of milliseconds, so a loaded machine stays far inside it.
    expect(r).toMatchObject({ version: 6, network: "unix", ping: true, exited: true, graceful: true });
    // go-plugin logs when it had to kill a plugin that did not exit by itself.
    expect(r.logs.map((l) => l["@message"])).not.toContain("plugin failed to exit gracefully");
  });

  it("negotiates protocol 5 when the host offers only 5", async () => {
    const r = await launch(["-versions", "5"]);
    expect(r).toMatchObject({ version: 5, ping: true, graceful: true });
  });

  it("serves plaintext when the host turns TLS off", async () => {
    const r = await launch(["-tls=false"]);
    expect(r).toMatchObject({ version: 6, ping: true, graceful: true });
  });

  it("listens on TCP in the host's port range when asked to", async () => {
    const r = await launch([], { FIXTURE_TRANSPORT: "tcp" });
    expect(r).toMatchObject({ version: 6, network: "tcp", ping: true, graceful: true });
    const port = Number(r.address!.split(":")[1]);
    // go-plugin's client offers 10000..25000 unless told otherwise.
    expect(port).toBeGreaterThanOrEqual(10000);
    expect(port).toBeLessThanOrEqual(25000);
  });

  it("shows our log lines as entries at their level, and only when TF_LOG asks", async () => {
    const quiet = await launch([]);
    expect(quiet.logs.find((l) => l["@message"] === "fixture ready")).toBeUndefined();
    const loud = await launch([], { TF_LOG: "info" });
    const entry = loud.logs.find((l) => l["@message"] === "fixture ready");
    expect(entry).toMatchObject({ "@level": "info", answer: 42 });
    // The stray console.log went to stderr, logged as plain text, not lost.
    expect(loud.logs.some((l) => String(l["@message"]).includes("stray output"))).toBe(true);
  });
});

describe.each(ways)("a crash, served $way", ({ serving }) => {
  it("is written as panic: lines, which the host shows as the plugin's crash report, and exits non-zero", async () => {
    const child = spawn(process.execPath, [fixture], {
      env: {
        ...process.env,
        ...serving,
        FIXTURE_CRASH: "1",
        TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
        PLUGIN_PROTOCOL_VERSIONS: "6",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^panic: Error: the fixture's bug\n\t\s*at /m);
  });
});

describe("debug mode, reattached by go-plugin's client", () => {
  it("prints TF_REATTACH_PROVIDERS, serves one client after another, and stops on Ctrl-C", async () => {
    const child = spawn(process.execPath, [fixture], {
      env: { ...process.env, TSVIDER_DEBUG: "1", TF_PLUGIN_MAGIC_COOKIE: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    const output: string[] = [];
    const json = await new Promise<string>((resolve, reject) => {
      lines.on("line", (line) => {
        output.push(line);
        if (line.trim().startsWith("{")) resolve(line.trim());
      });
      void exited.then((code) => reject(new Error(`exited with ${code}: ${output.join("\n")}`)));
    });
    expect(output.join("\n")).toContain("export TF_REATTACH_PROVIDERS='{");
    const config = JSON.parse(json)["registry.opentofu.org/tsvider/fixture"];
    expect(config).toMatchObject({ Protocol: "grpc", ProtocolVersion: 6, Pid: child.pid, Test: true });
    for (let walk = 0; walk < 2; walk++) {
      const r = await run([
        "reattach",
        "-network",
        config.Addr.Network,
        "-addr",
        config.Addr.String,
        "-pid",
        String(config.Pid),
        "-version",
        "6",
      ]);
      expect(r, `walk ${walk}`).toMatchObject({ version: 6, ping: true });
    }
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});

describe("the README's service of one's own, for a host of one's own", () => {
  let example: string;
  beforeAll(async () => {
    example = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)), 1);
  });

  it("is launched by go-plugin's client with its cookie over AutoMTLS, answers Hello, and stops on Shutdown", async () => {
    const calls = [{ method: "/greeter.v1.Greeter/Hello", request: { name: "go-plugin" } }];
    const r = (await run([
      "call",
      "-cookie",
      "GREETER_PLUGIN=hello-from-the-host",
      "-versions",
      "1",
      "-calls",
      JSON.stringify(calls),
      "--",
      process.execPath,
      example,
    ])) as Report & { calls?: unknown[] };
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ version: 1, graceful: true, exited: true });
    expect(r.calls).toEqual([
      { method: "/greeter.v1.Greeter/Hello", response: { greeting: "Hello, go-plugin!" } },
    ]);
  });

  it("run by hand, says it is a plugin and how to start it, naming no Terraform, and exits 1", async () => {
    const { code, stderr } = await runModule(example, [], { ...process.env, TF_PLUGIN_MAGIC_COOKIE: "" });
    expect(code).toBe(1);
    expect(stderr).toContain(
      "greeter-plugin is a plugin, not a program to run directly: the program it belongs to starts it, with GREETER_PLUGIN set.\nRun `greeter-host`, which starts it.",
    );
    expect(stderr).not.toMatch(/tofu|terraform|OpenTofu/i);
  });
});
