// startDebugProvider: a provider executable started once in debug mode, with tofu attached to
// it for several commands, stopped cleanly; and each way it can fail to come up or go down.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DebugProviderError, reattachValue, resolveTofu, startDebugProvider, Workdir } from "./index.js";

let root: string;

const framework = pathToFileURL(createRequire(import.meta.url).resolve("@tsvider/framework")).href;

// A provider script as a bundle would be: a node shebang, loading the built framework.
const providerScript = `#!/usr/bin/env node
import(${JSON.stringify(framework)}).then(({ attr, defineProvider, defineResource, serve }) => {
  const note = defineResource({
    typeName: "dbg_note",
    schema: { text: attr.string({ required: true }), pid: attr.number({ computed: true }) },
    async create({ plan }) { return { ...plan, pid: process.pid }; },
    async read({ state }) { return state; },
    async update({ plan, state }) { return { ...plan, pid: state.pid }; },
    async delete() {},
  });
  return serve(defineProvider({ name: "dbg", version: "1.0.0", resources: [note] }), { address: "example/dbg" });
});
`;

async function script(name: string, text: string): Promise<string> {
  const file = join(root, name);
  await writeFile(file, text);
  await chmod(file, 0o755);
  return file;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-debug-provider-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("startDebugProvider", () => {
  it("serves every command of a working directory from one process, and stops cleanly", async () => {
    const executable = await script("terraform-provider-dbg", providerScript);
    const dir = await mkdtemp(join(root, "work-"));
    const provider = await startDebugProvider({ executable, cwd: dir, env: process.env });
    try {
      const config = JSON.parse(provider.reattach) as Record<string, { Pid: number }>;
      expect(Object.keys(config)).toContain("registry.opentofu.org/example/dbg");
      expect(Object.values(config)[0]!.Pid).toBe(provider.pid);

      await writeFile(
        join(dir, "main.tf"),
        `terraform {
  required_providers {
    dbg = { source = "example/dbg" }
  }
}
resource "dbg_note" "n" { text = "one" }
output "pid" { value = dbg_note.n.pid }
`,
      );
      const work = new Workdir({
        dir,
        binary: resolveTofu(),
        cliConfigFile: "/dev/null",
        extraEnv: { TF_REATTACH_PROVIDERS: provider.reattach },
      });
      await work.run(["init", "-no-color"]);
      await work.run(["apply", "-auto-approve", "-no-color"]);
      const pid = JSON.parse((await work.run(["output", "-json"])).stdout) as { pid: { value: number } };
      // The process that created the note is the one started here, not one tofu started.
      expect(pid.pid.value).toBe(provider.pid);
      await work.run(["destroy", "-auto-approve", "-no-color"]);
    } finally {
      const exit = await provider.stop();
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.problem).toBeUndefined();
    }
  });

  it("reports a provider that exits before serving, with its standard error", async () => {
    const executable = await script(
      "exits",
      '#!/usr/bin/env node\nprocess.stderr.write("no configuration found\\n");\nprocess.exit(3);\n',
    );
    const started = startDebugProvider({ executable, cwd: root, env: process.env });
    await expect(started).rejects.toThrow(DebugProviderError);
    await expect(started).rejects.toThrow(
      /exited \(code 3\) before serving in debug mode.*no configuration found/s,
    );
  });

  it("reports a provider that says nothing, and kills it", async () => {
    const executable = await script("silent", "#!/usr/bin/env node\nsetInterval(() => {}, 1000);\n");
    // The deadline is the behaviour under test; the process never prints, so any value holds.
    await expect(
      startDebugProvider({ executable, cwd: root, env: process.env, readyTimeoutMs: 500 }),
    ).rejects.toThrow(/printed no TF_REATTACH_PROVIDERS value within 0.5 s/);
  });

  it("kills a provider that ignores SIGTERM, and says so", async () => {
    const executable = await script(
      "stubborn",
      `#!/usr/bin/env node
process.on("SIGTERM", () => {});
console.log(${JSON.stringify(JSON.stringify({ "registry.opentofu.org/x/y": { Protocol: "grpc", ProtocolVersion: 6, Pid: 1, Test: true, Addr: { Network: "unix", String: "/nowhere" } } }))});
setInterval(() => {}, 1000);
`,
    );
    const provider = await startDebugProvider({ executable, cwd: root, env: process.env });
    const exit = await provider.stop(500);
    expect(exit.signal).toBe("SIGKILL");
    expect(exit.problem).toBe("the provider did not exit within 0.5 s of SIGTERM and was killed");
  });
});

describe("reattachValue", () => {
  const entry = {
    Protocol: "grpc",
    ProtocolVersion: 6,
    Pid: 7,
    Test: true,
    Addr: { Network: "unix", String: "/s" },
  };
  it("takes the raw JSON line of the instructions", () => {
    const json = JSON.stringify({ "registry.opentofu.org/a/b": entry, "registry.terraform.io/a/b": entry });
    expect(reattachValue(`  ${json}`)).toBe(json);
  });
  it("ignores every other line", () => {
    expect(reattachValue("")).toBeUndefined();
    expect(reattachValue(`  export TF_REATTACH_PROVIDERS='${JSON.stringify({ a: entry })}'`)).toBeUndefined();
    expect(reattachValue('{"level":"info","msg":"serving"}')).toBeUndefined();
    expect(reattachValue("{}")).toBeUndefined();
    expect(reattachValue("{not json")).toBeUndefined();
    expect(reattachValue("[1]")).toBeUndefined();
  });
});
