// installProviderMirror's package: the executable's name inside it, and a script provider that
// starts through the real tofu inside a project whose package.json says "type": "module", as a
// TypeScript project's often does (tofu unpacks the provider into .terraform/ below it).
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installProviderMirror, mirrorCliConfig, resolveTofu, Workdir } from "./index.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-mirror-test-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

// A provider script as tsvider's bundles are: CommonJS with a node shebang.
const script = (framework: string) => `#!/usr/bin/env node
import(${JSON.stringify(framework)}).then(({ attr, defineProvider, defineResource, serve }) => {
  const note = defineResource({
    typeName: "esm_note",
    schema: { text: attr.string({ required: true, requiresReplace: true }) },
    async create({ plan }) { return plan; },
    async read({ state }) { return state; },
    async delete() {},
  });
  return serve(defineProvider({ name: "esm", version: "1.2.3", resources: [note] }), { address: "example/esm" });
});
`;

/** The name of a package zip's one entry, from its local file header (a zip of ours: no data descriptor). */
async function entryName(zipPath: string): Promise<string> {
  const zip = await readFile(zipPath);
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  return zip.subarray(30, 30 + zip.readUInt16LE(26)).toString("utf8");
}

describe("installProviderMirror", () => {
  it("keeps a script's .cjs or .mjs in the executable's name, adds .exe for Windows, and nothing else", async () => {
    const install = async (file: string, platform: string) => {
      const path = join(root, "names", file);
      await mkdir(join(root, "names"), { recursive: true });
      await writeFile(path, "#!/usr/bin/env node\n");
      const { zipPaths } = await installProviderMirror({
        mirrorDir: join(root, "names", `mirror-${file}-${platform}`),
        namespace: "example",
        type: "x",
        version: "1.2.3",
        executable: path,
        platform,
      });
      return entryName(zipPaths[0]!);
    };
    expect(await install("provider.cjs", "linux_amd64")).toBe("terraform-provider-x_v1.2.3.cjs");
    expect(await install("provider.mjs", "darwin_arm64")).toBe("terraform-provider-x_v1.2.3.mjs");
    expect(await install("terraform-provider-x_v1.2.3", "linux_amd64")).toBe("terraform-provider-x_v1.2.3");
    expect(await install("provider.exe", "windows_amd64")).toBe("terraform-provider-x_v1.2.3.exe");
  });

  it("installs a script provider that tofu starts inside a project whose package.json says type module", async () => {
    const executable = join(root, "terraform-provider-esm.cjs");
    const framework = createRequire(import.meta.url).resolve("@tsvider/framework");
    await writeFile(executable, script(pathToFileURL(framework).href));
    await chmod(executable, 0o755);
    const mirrorDir = join(root, "esm-mirror");
    await installProviderMirror({
      mirrorDir,
      namespace: "example",
      type: "esm",
      version: "1.2.3",
      executable,
    });
    await writeFile(join(root, "esm.tfrc"), mirrorCliConfig(mirrorDir));

    const project = join(root, "esm-project");
    const dir = join(project, "infra");
    await mkdir(dir, { recursive: true });
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "infra", type: "module" }));
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    esm = { source = "example/esm", version = "1.2.3" }
  }
}
resource "esm_note" "n" {
  text = "hello"
}
`,
    );
    const work = new Workdir({ dir, binary: resolveTofu(), cliConfigFile: join(root, "esm.tfrc") });
    await work.run(["init", "-no-color"]);
    const applied = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(applied.stdout).toContain("1 added");
    await work.run(["destroy", "-auto-approve", "-no-color"]);
  }, 120_000);
});
