import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseExamplesArgs } from "./args.js";

const defaults = { jobs: 4, reportDir: "/r", expectedFailures: "/x.json", durations: "/d.json" };
const parsedDefaults = { ...defaults, hosts: "pinned", recordDurations: false, reattach: false };

describe("examples arguments", () => {
  it("takes --jobs, --report-dir and filters in any order", () => {
    expect(parseExamplesArgs([], defaults)).toEqual({ ...parsedDefaults, filters: [] });
    expect(parseExamplesArgs(["echo", "--jobs", "2", "--report-dir=out", "basic"], defaults)).toEqual({
      ...parsedDefaults,
      jobs: 2,
      reportDir: resolve("out"),
      filters: ["echo", "basic"],
    });
    expect(parseExamplesArgs(["-j", "1", "--jobs=3"], defaults).jobs).toBe(3);
    expect(parseExamplesArgs(["--expected-failures", "x/y.json"], defaults).expectedFailures).toBe(
      resolve("x/y.json"),
    );
  });

  it("refuses a bad job count, a missing value and an unknown option", () => {
    expect(() => parseExamplesArgs(["--jobs", "0"], defaults)).toThrow(
      '--jobs takes a whole number of at least 1, not "0"',
    );
    expect(() => parseExamplesArgs(["--jobs=two"], defaults)).toThrow('not "two"');
    expect(() => parseExamplesArgs(["--report-dir"], defaults)).toThrow("--report-dir needs a value");
    expect(() => parseExamplesArgs(["--job", "2"], defaults)).toThrow(
      "unknown option --job; the runner takes --jobs N, --report-dir DIR, --expected-failures FILE, --hosts pinned|representative|all, --shard i/n, --durations FILE, --record-durations and --reattach",
    );
  });

  it("takes a host set, a shard, a durations file and --record-durations", () => {
    expect(
      parseExamplesArgs(["--hosts", "all", "--shard=2/4", "--durations", "d/x.json", "functions/"], defaults),
    ).toEqual({
      ...parsedDefaults,
      hosts: "all",
      shard: { index: 2, count: 4 },
      durations: resolve("d/x.json"),
      filters: ["functions/"],
    });
    expect(parseExamplesArgs(["--hosts=representative", "--record-durations"], defaults)).toMatchObject({
      hosts: "representative",
      recordDurations: true,
    });
    expect(() => parseExamplesArgs(["--hosts", "newest"], defaults)).toThrow(
      '--hosts takes pinned, representative, all, not "newest"',
    );
    for (const bad of ["0/2", "3/2", "1", "a/b", "1/0"])
      expect(() => parseExamplesArgs(["--shard", bad], defaults)).toThrow(
        `--shard takes i/n with 1 <= i <= n, such as 2/4 (the second of four shards), not ${JSON.stringify(bad)}`,
      );
    expect(() => parseExamplesArgs(["--shard", "1/2", "--record-durations"], defaults)).toThrow(
      "--record-durations records a whole run; with --shard",
    );
  });

  it("takes --reattach, a flag without a value", () => {
    expect(parseExamplesArgs(["--reattach", "functions/"], defaults)).toMatchObject({
      reattach: true,
      filters: ["functions/"],
    });
    expect(() => parseExamplesArgs(["--reattach=all"], defaults)).toThrow("unknown option --reattach=all");
  });
});
