// acceptanceTest with a built provider executable, installed through a filesystem mirror: the
// provider's environment reaches it through the binary, and a provider process that dies under
// the host is reported as a crash.
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AcceptanceTestError,
  acceptanceTest,
  ProviderCrashedError,
  resolveTerraform,
  resolveTofu,
  stateCheck,
} from "../index.js";

let root: string;
let executable: string;

// A provider script as a bundle would be: CommonJS with a node shebang (the mirror installs it
// under a name without an extension), loading the built framework.
const script = (framework: string) => `#!/usr/bin/env node
import(${JSON.stringify(framework)}).then(({ attr, defineProvider, defineResource, serve }) => {
  const greeting = defineResource({
    typeName: "exe_greeting",
    schema: { name: attr.string({ required: true, requiresReplace: true }), text: attr.string({ computed: true }) },
    async create({ plan }) {
      return { ...plan, text: (process.env.EXE_GREETING ?? "hello") + ", " + plan.name };
    },
    async read({ state }) { return state; },
    async delete() {},
  });
  const boom = defineResource({
    typeName: "exe_boom",
    schema: { name: attr.string({ required: true, requiresReplace: true }) },
    async create() {
      // Thrown outside any handler: nothing catches it, and the process dies mid-call.
      setTimeout(() => { throw new Error("the exe provider fell over"); });
      return new Promise(() => {});
    },
    async read({ state }) { return state; },
    async delete() {},
  });
  return serve(defineProvider({ name: "exe", version: "1.2.3", resources: [greeting, boom] }), { address: "example/exe" });
});
`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-acc-exe-"));
  executable = join(root, "terraform-provider-exe.cjs");
  const framework = createRequire(import.meta.url).resolve("@tsvider/framework");
  await writeFile(executable, script(pathToFileURL(framework).href));
  await chmod(executable, 0o755);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("acceptanceTest with a provider executable", () => {
  it("installs it from a mirror and passes env to it through the binary", async () => {
    await acceptanceTest({
      executable,
      address: "example/exe",
      version: "1.2.3",
      env: { EXE_GREETING: "good morning" },
      steps: [
        {
          config: 'resource "exe_greeting" "g" {\n  name = "tofu"\n}\n',
          stateChecks: [stateCheck.attribute("exe_greeting.g", "text", "good morning, tofu")],
          check: async (ctx) => {
            // Installed from the mirror by init, at the version given, with its hashes locked.
            const lock = await readFile(join(ctx.dir, ".terraform.lock.hcl"), "utf8");
            expect(lock).toContain('provider "registry.opentofu.org/example/exe"');
            expect(lock).toMatch(/version\s+= "1\.2\.3"/);
          },
        },
      ],
    });
  });

  it.each([
    ["OpenTofu", () => resolveTofu()],
    ["Terraform", () => resolveTerraform()],
  ])(
    "reports a provider that crashes under %s as a crash, with the step and its panic",
    async (_host, binary) => {
      const failure = await acceptanceTest({
        executable,
        binary: binary(),
        address: "example/exe",
        version: "1.2.3",
        steps: [{ config: 'resource "exe_boom" "b" {\n  name = "x"\n}\n' }],
      }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ProviderCrashedError);
      expect(failure).toBeInstanceOf(AcceptanceTestError);
      const message = (failure as Error).message;
      expect(message).toMatch(
        /^step 1 of 1 \(config\) failed on \S+: apply failed \(exit code 1\): the provider crashed/,
      );
      expect(message).toMatch(/plugin crashed!|Plugin did not respond/);
      expect(message).toContain("the exe provider fell over");
    },
  );

  it("says what to do when the executable is missing", async () => {
    const failure = await acceptanceTest({
      executable: join(root, "nowhere.cjs"),
      address: "example/exe",
      steps: [{ config: "" }],
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toContain("does not exist; build the provider first");
  });
});
