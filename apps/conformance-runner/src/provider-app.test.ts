import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loadProviderApp,
  PROVIDER_DURATIONS,
  PROVIDER_EXPECTED_FAILURES,
  ProviderAppError,
  REFERENCE_PROVIDER_DIR,
  readProviderApp,
} from "./provider-app.js";

const RUNNER_DIR = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_DIR = resolve(RUNNER_DIR, "..", "terraform-provider-postgresql");
const MAIN = join(RUNNER_DIR, "dist", "main.js");

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-provider-app-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A provider app in a directory of its own: package.json, and the build and examples asked for. */
async function app(
  name: string,
  pkg: unknown,
  has: { readonly build?: string; readonly examples?: boolean } = {},
): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "package.json"), typeof pkg === "string" ? pkg : JSON.stringify(pkg));
  if (has.build !== undefined) {
    await mkdir(join(dir, "dist"), { recursive: true });
    await writeFile(join(dir, has.build), "#!/usr/bin/env node\n");
  }
  if (has.examples) {
    await mkdir(join(dir, "examples", "resources", "x_thing", "basic"), { recursive: true });
    await writeFile(join(dir, "examples", "resources", "x_thing", "basic", "main.tf"), "");
  }
  return dir;
}

describe("readProviderApp", () => {
  it("reads the reference provider, whose lists stay beside the runner", () => {
    const pkg = JSON.parse(readFileSync(join(REFERENCE_PROVIDER_DIR, "package.json"), "utf8")) as {
      version: string;
    };
    expect(readProviderApp(REFERENCE_PROVIDER_DIR)).toEqual({
      dir: REFERENCE_PROVIDER_DIR,
      packageName: "terraform-provider-tsvider",
      // No tsvider.namespace in its package.json: the namespace is the type, as for the CLI.
      namespace: "tsvider",
      type: "tsvider",
      version: pkg.version,
      executable: join(REFERENCE_PROVIDER_DIR, "dist", "terraform-provider-tsvider.cjs"),
      examplesDir: join(REFERENCE_PROVIDER_DIR, "examples"),
      expectedFailures: join(RUNNER_DIR, "expected-failures.json"),
      durations: join(RUNNER_DIR, "durations.json"),
    });
  });

  it("reads the PostgreSQL provider: tsvider.namespace, its bin, and lists of its own", () => {
    expect(readProviderApp(`${POSTGRES_DIR}/`)).toEqual({
      dir: POSTGRES_DIR,
      packageName: "terraform-provider-postgresql",
      namespace: "tsvider",
      type: "postgresql",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      executable: join(POSTGRES_DIR, "dist", "terraform-provider-postgresql.cjs"),
      examplesDir: join(POSTGRES_DIR, "examples"),
      expectedFailures: join(POSTGRES_DIR, PROVIDER_EXPECTED_FAILURES),
      durations: join(POSTGRES_DIR, PROVIDER_DURATIONS),
    });
  });

  it("takes a scoped name, tsvider.type, a bin string, and dist/terraform-provider-<type>.cjs without a bin", async () => {
    const scoped = await app("scoped", { name: "@acme/terraform-provider-widgets", version: "1.2.3-rc.1" });
    expect(readProviderApp(scoped)).toMatchObject({
      namespace: "widgets",
      type: "widgets",
      version: "1.2.3-rc.1",
      executable: join(scoped, "dist", "terraform-provider-widgets.cjs"),
    });
    const typed = await app("typed", {
      name: "my-provider",
      version: "0.2.0",
      bin: "./out/provider.cjs",
      tsvider: { type: "acme-cloud", namespace: "acme" },
    });
    expect(readProviderApp(typed)).toMatchObject({
      namespace: "acme",
      type: "acme-cloud",
      executable: join(typed, "out", "provider.cjs"),
    });
    // A bin object without terraform-provider-<type> is not the provider's executable.
    const other = await app("other-bin", {
      name: "terraform-provider-gadgets",
      version: "0.1.0",
      bin: { "gadgets-cli": "./bin/cli.js" },
    });
    expect(readProviderApp(other).executable).toBe(join(other, "dist", "terraform-provider-gadgets.cjs"));
  });

  it("refuses an app it cannot read, naming the file and what to set", async () => {
    const refused = async (name: string, pkg: unknown) => {
      const dir = await app(name, pkg);
      try {
        readProviderApp(dir);
      } catch (err) {
        expect(err).toBeInstanceOf(ProviderAppError);
        return (err as Error).message.replace(dir, "<app>");
      }
      throw new Error(`${name} was not refused`);
    };
    const empty = join(root, "empty");
    await mkdir(empty, { recursive: true });
    expect(() => readProviderApp(empty)).toThrow(
      new ProviderAppError(
        `${empty} has no package.json: --provider takes a provider app's directory, such as apps/terraform-provider-postgresql`,
      ),
    );
    expect(await refused("not-json", "{ name: ")).toMatch(
      /^<app>\/package\.json is not a JSON object \(.+\): fix it and run again$/,
    );
    expect(await refused("array", "[]")).toBe(
      "<app>/package.json is not a JSON object (not an object): fix it and run again",
    );
    expect(await refused("no-type", { name: "widgets", version: "0.1.0" })).toBe(
      '<app>/package.json names no provider: its "name" is "widgets"; set it to "terraform-provider-<type>" or add "tsvider": { "type": "<type>" }',
    );
    expect(await refused("bad-type", { name: "terraform-provider-Widgets", version: "0.1.0" })).toBe(
      '<app>/package.json: the provider type "Widgets" (from "name") is not valid: use lowercase letters, digits and dashes, not starting or ending with a dash',
    );
    expect(
      await refused("bad-namespace", {
        name: "terraform-provider-widgets",
        version: "0.1.0",
        tsvider: { namespace: "-acme" },
      }),
    ).toBe(
      '<app>/package.json: "tsvider.namespace" is "-acme", not a valid registry namespace: use lowercase letters, digits and dashes',
    );
    expect(await refused("no-version", { name: "terraform-provider-widgets" })).toBe(
      '<app>/package.json has no version: set "version" to one like "0.1.0" (major.minor.patch), which the mirror serves and the lock files record',
    );
    expect(await refused("bad-version", { name: "terraform-provider-widgets", version: "1.0" })).toBe(
      '<app>/package.json has version "1.0": set "version" to one like "0.1.0" (major.minor.patch), which the mirror serves and the lock files record',
    );
  });
});

describe("loadProviderApp", () => {
  const pkg = { name: "terraform-provider-widgets", version: "0.1.0" };

  it("needs the app's build, naming the executable and the command that builds it", async () => {
    const dir = await app("unbuilt", pkg, { examples: true });
    const exe = join(dir, "dist", "terraform-provider-widgets.cjs");
    expect(() => loadProviderApp(dir)).toThrow(
      new ProviderAppError(
        `terraform-provider-widgets is not built: its executable ${exe} (package.json's "bin" for terraform-provider-widgets, else dist/terraform-provider-widgets.cjs) does not exist; build it with \`pnpm --filter terraform-provider-widgets build\``,
      ),
    );
  });

  it("needs its examples directory, saying what an example is", async () => {
    const dir = await app("no-examples", pkg, { build: "dist/terraform-provider-widgets.cjs" });
    expect(() => loadProviderApp(dir)).toThrow(
      new ProviderAppError(
        `terraform-provider-widgets has no examples: ${join(dir, "examples")} does not exist; the runner runs every directory under <app>/examples holding a .tf file (such as examples/resources/<type>_x/basic/main.tf)`,
      ),
    );
  });

  it("loads an app with both, and the built reference provider", async () => {
    const dir = await app("complete", pkg, { build: "dist/terraform-provider-widgets.cjs", examples: true });
    expect(loadProviderApp(dir)).toEqual(readProviderApp(dir));
    expect(loadProviderApp(REFERENCE_PROVIDER_DIR).executable).toSatisfy(existsSync);
  });
});

// The command itself (dist/main.js, built before the tests): --provider's problems are reported
// as one message, without a stack, before anything is installed or run.
describe("examples --provider", () => {
  const run = (...args: string[]) => {
    const res = spawnSync(process.execPath, [MAIN, ...args], { encoding: "utf8" });
    return { code: res.status, stdout: res.stdout, stderr: res.stderr };
  };

  it("says what is missing from the app, and runs nothing", async () => {
    const dir = await app(
      "cli-unbuilt",
      { name: "terraform-provider-widgets", version: "0.1.0" },
      { examples: true },
    );
    const res = run("examples", "--provider", dir, "--report-dir", join(root, "cli-reports"));
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `terraform-provider-widgets is not built: its executable ${join(dir, "dist", "terraform-provider-widgets.cjs")} (package.json's "bin" for terraform-provider-widgets, else dist/terraform-provider-widgets.cjs) does not exist; build it with \`pnpm --filter terraform-provider-widgets build\``,
    );
    expect(res.stdout).toContain("the runner failed before it could run the examples: 0 passed, 1 failed");
    expect(existsSync(join(root, "cli-reports"))).toBe(false);

    const none = run("examples", "--provider", join(root, "nowhere"));
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe(
      `${join(root, "nowhere")} has no package.json: --provider takes a provider app's directory, such as apps/terraform-provider-postgresql`,
    );
  });

  it("lists the app's examples when no filter matches, under the app's examples directory", async () => {
    const dir = await app(
      "cli-complete",
      { name: "terraform-provider-widgets", version: "0.1.0" },
      { build: "dist/terraform-provider-widgets.cjs", examples: true },
    );
    const res = run("examples", "--provider", dir, "no-such-example");
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(
      'no example matches "no-such-example"; there are:\n    resources/x_thing/basic\n',
    );
  });

  it("takes --provider in install, and refuses an unknown option there", async () => {
    const dir = await app(
      "cli-install",
      { name: "terraform-provider-widgets", version: "0.1.0" },
      { examples: true },
    );
    const unbuilt = run("install", "--provider", dir, join(root, "install-out"));
    expect(unbuilt.code).toBe(1);
    expect(unbuilt.stderr).toContain("terraform-provider-widgets is not built");
    const bad = run("install", "--providers", dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      "unknown option --providers; install takes --provider DIR and a directory",
    );
  });
});
