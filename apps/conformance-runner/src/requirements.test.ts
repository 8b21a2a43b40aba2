import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  compareVersions,
  DEFAULT_REQUIREMENTS,
  loadRequirements,
  parseRequirements,
  skipReason,
} from "./requirements.js";

describe("requirements.json", () => {
  it("defaults to tofu only, any version, no test mode", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-req-"));
    expect(await loadRequirements(dir)).toEqual(DEFAULT_REQUIREMENTS);
    expect(DEFAULT_REQUIREMENTS).toEqual({ binaries: ["tofu"], minVersions: {}, testMode: false });
  });

  it("reads binaries, minimum versions and test mode", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-req-"));
    await writeFile(
      join(dir, "requirements.json"),
      JSON.stringify({
        binaries: ["tofu", "terraform", "tofu"],
        minVersions: { tofu: "1.11.0", terraform: "1.14.0-beta1" },
        testMode: true,
      }),
    );
    expect(await loadRequirements(dir)).toEqual({
      binaries: ["tofu", "terraform"],
      minVersions: { tofu: "1.11.0", terraform: "1.14.0-beta1" },
      testMode: true,
    });
  });

  it("refuses what it does not understand, naming the file and the key", async () => {
    const w = "x/requirements.json";
    expect(() => parseRequirements({ minVersion: { tofu: "1.0.0" } }, w)).toThrow(
      'x/requirements.json: unknown key "minVersion"',
    );
    expect(() => parseRequirements({ binaries: ["tf"] }, w)).toThrow('"binaries" holds "tf"');
    expect(() => parseRequirements({ binaries: [] }, w)).toThrow('"binaries" must be a non-empty array');
    expect(() => parseRequirements({ minVersions: { terraform: "1.14.0" } }, w)).toThrow(
      '"minVersions" names "terraform", which "binaries" (tofu) does not list',
    );
    expect(() => parseRequirements({ minVersions: { tofu: "1.11" } }, w)).toThrow(
      '"minVersions.tofu" must be a version such as "1.14.0", not "1.11"',
    );
    expect(() => parseRequirements({ testMode: "yes" }, w)).toThrow('"testMode" must be true or false');
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
});
