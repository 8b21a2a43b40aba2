import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findExamples } from "./examples.js";
import { referenceProvider } from "./reference-provider.js";
import {
  type BinaryName,
  compareVersions,
  DEFAULT_REQUIREMENTS,
  loadRequirements,
  parseRequirements,
  skipReason,
} from "./requirements.js";

describe("requirements.json", () => {
  it("defaults to both kinds, any version, no test mode", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-req-"));
    expect(await loadRequirements(dir)).toEqual(DEFAULT_REQUIREMENTS);
    expect(DEFAULT_REQUIREMENTS).toEqual({
      binaries: ["tofu", "terraform"],
      minVersions: {},
      testMode: false,
    });
  });

  it("reads binaries, minimum versions, test mode and why the provider runs per command", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-req-"));
    await writeFile(
      join(dir, "requirements.json"),
      JSON.stringify({
        binaries: ["tofu", "terraform", "tofu"],
        minVersions: { tofu: "1.11.0", terraform: "1.14.0-beta1" },
        testMode: true,
        providerPerCommand: " two aliases ",
      }),
    );
    expect(await loadRequirements(dir)).toEqual({
      binaries: ["tofu", "terraform"],
      minVersions: { tofu: "1.11.0", terraform: "1.14.0-beta1" },
      testMode: true,
      providerPerCommand: "two aliases",
    });
  });

  it("refuses what it does not understand, naming the file and the key", async () => {
    const w = "x/requirements.json";
    expect(() => parseRequirements({ minVersion: { tofu: "1.0.0" } }, w)).toThrow(
      'x/requirements.json: unknown key "minVersion"',
    );
    expect(() => parseRequirements({ binaries: ["tf"] }, w)).toThrow('"binaries" holds "tf"');
    expect(() => parseRequirements({ binaries: [] }, w)).toThrow('"binaries" must be a non-empty array');
    expect(() => parseRequirements({ binaries: ["tofu"], minVersions: { terraform: "1.14.0" } }, w)).toThrow(
      '"minVersions" names "terraform", which "binaries" (tofu) does not list',
    );
    expect(() => parseRequirements({ minVersions: { tofu: "1.11" } }, w)).toThrow(
      '"minVersions.tofu" must be a version such as "1.14.0", not "1.11"',
    );
    expect(() => parseRequirements({ testMode: "yes" }, w)).toThrow('"testMode" must be true or false');
    expect(() => parseRequirements({ minVersions: { tofu: "1.7.0" }, feature: "" }, w)).toThrow(
      '"feature" must say what the minimum versions are for, such as "ephemeral resources"',
    );
    expect(() => parseRequirements({ feature: "functions" }, w)).toThrow(
      '"feature" explains "minVersions", which is missing; add "minVersions" or remove "feature"',
    );
    for (const bad of [true, "", " "])
      expect(() => parseRequirements({ providerPerCommand: bad }, w)).toThrow(
        '"providerPerCommand" must say why each command must start the provider',
      );
    expect(() => parseRequirements([], w)).toThrow("must be a JSON object");
    const dir = await mkdtemp(join(tmpdir(), "tsvider-req-"));
    await mkdir(join(dir, "bad"));
    await writeFile(join(dir, "bad", "requirements.json"), "{ binaries: tofu }");
    await expect(loadRequirements(join(dir, "bad"))).rejects.toThrow(
      `${join(dir, "bad", "requirements.json")}: not JSON`,
    );
  });

  it("compares versions numerically, a pre-release before its release", () => {
    expect(compareVersions("1.12.6", "1.11.0")).toBeGreaterThan(0);
    expect(compareVersions("1.9.0", "1.10.0")).toBeLessThan(0);
    expect(compareVersions("1.14.0", "1.14.0")).toBe(0);
    expect(compareVersions("v1.14.0", "1.14.0")).toBe(0);
    expect(compareVersions("1.14.0-beta1", "1.14.0")).toBeLessThan(0);
    expect(compareVersions("1.14.0", "1.14.0-rc1")).toBeGreaterThan(0);
    expect(compareVersions("1.14.0-alpha2", "1.14.0-beta1")).toBeLessThan(0);
  });

  it("says why a binary is skipped: the wrong kind, or too old", () => {
    const req = parseRequirements({ binaries: ["terraform"], minVersions: { terraform: "1.14.0" } }, "r");
    expect(skipReason(req, { kind: "tofu", version: "1.12.6" })).toBe(
      'written for terraform only (requirements.json "binaries")',
    );
    expect(skipReason(req, { kind: "terraform", version: "1.13.5" })).toBe(
      'needs terraform >= 1.14.0, this is 1.13.5 (requirements.json "minVersions")',
    );
    expect(skipReason(req, { kind: "terraform", version: "1.14.0" })).toBeUndefined();
    expect(skipReason(req, { kind: "terraform", version: "1.16.4" })).toBeUndefined();
  });

  it("names the feature the minimum versions are for", () => {
    const req = parseRequirements(
      {
        binaries: ["tofu", "terraform"],
        minVersions: { tofu: "1.11.0", terraform: "1.10.0" },
        feature: " ephemeral resources ",
      },
      "r",
    );
    expect(req.feature).toBe("ephemeral resources");
    expect(skipReason(req, { kind: "terraform", version: "1.5.7" })).toBe(
      "needs terraform >= 1.10.0 for ephemeral resources, this is 1.5.7",
    );
    expect(skipReason(req, { kind: "tofu", version: "1.10.7" })).toBe(
      "needs tofu >= 1.11.0 for ephemeral resources, this is 1.10.7",
    );
    expect(skipReason(req, { kind: "tofu", version: "1.11.0" })).toBeUndefined();
  });
});

// The oldest host of each kind that has a feature, from the hosts' release notes (and the
// README's table): an example using one must not claim to run on an older host.
const FEATURES: Record<
  string,
  { test: (files: string) => boolean; min: Partial<Record<BinaryName, string>> }
> = {
  "provider-defined functions": {
    test: (f) => /provider::/.test(f),
    min: { tofu: "1.7.0", terraform: "1.8.0" },
  },
  "ephemeral resources": {
    test: (f) => /^\s*ephemeral\s+"/m.test(f),
    min: { tofu: "1.11.0", terraform: "1.10.0" },
  },
  "write-only attributes": {
    test: (f) => /\b\w+_wo\s*=/.test(f),
    min: { tofu: "1.11.0", terraform: "1.11.0" },
  },
  "resource identity": {
    // An import block by identity, or checks of the identity in state.
    test: (f) => /^\s*identity\s*=/m.test(f) || /\.identity\b/.test(f),
    min: { tofu: "1.12.0", terraform: "1.12.0" },
  },
  actions: { test: (f) => /^\s*action\s+"/m.test(f), min: { terraform: "1.14.0" } },
  "list resources": { test: (f) => /^\s*list\s+"/m.test(f), min: { terraform: "1.14.0" } },
  "state stores": { test: (f) => /^\s*state_store\s+"/m.test(f), min: { terraform: "1.16.0" } },
};

describe("the reference examples' requirements", () => {
  it("state, for every feature an example uses, a host new enough to have it", async () => {
    const root = referenceProvider.examplesDir;
    const problems: string[] = [];
    let checked = 0;
    for (const name of await findExamples(root)) {
      const dir = join(root, name);
      const files = (await readdir(dir)).filter((f) => /\.(tf|tfquery\.hcl|mjs)$/.test(f));
      const text = (await Promise.all(files.map((f) => readFile(join(dir, f), "utf8")))).join("\n");
      const req = await loadRequirements(dir);
      for (const [feature, { test, min }] of Object.entries(FEATURES)) {
        if (!test(text)) continue;
        checked++;
        for (const kind of req.binaries) {
          const needed = min[kind];
          const stated = req.minVersions[kind];
          if (needed === undefined)
            problems.push(
              `${name}: uses ${feature}, which ${kind} does not have, yet "binaries" lists ${kind}`,
            );
          else if (stated === undefined || compareVersions(stated, needed) < 0)
            problems.push(
              `${name}: uses ${feature} (${kind} >= ${needed}) but "minVersions.${kind}" is ${stated ?? "unset"}`,
            );
        }
        if (req.feature === undefined)
          problems.push(`${name}: has "minVersions" but no "feature" saying why`);
      }
    }
    expect(problems).toEqual([]);
    // Every kind of feature is among the examples, so each pattern above is exercised.
    expect(checked).toBeGreaterThan(60);
  });
});
