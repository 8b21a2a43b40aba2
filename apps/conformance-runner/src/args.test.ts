import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseExamplesArgs } from "./args.js";
import { REFERENCE_PROVIDER_DIR } from "./provider-app.js";

const RUNNER_DIR = resolve(REFERENCE_PROVIDER_DIR, "..", "conformance-runner");
const defaults = { provider: REFERENCE_PROVIDER_DIR, jobs: 4, reportDir: "/r" };
const parsedDefaults = {
  ...defaults,
  expectedFailures: join(RUNNER_DIR, "expected-failures.json"),
  durations: join(RUNNER_DIR, "durations.json"),
  hosts: "pinned",
  recordDurations: false,
  reattach: false,
  oneCellPerExample: false,
  batch: false,
};

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
    expect(() => parseExamplesArgs(["--provider"], defaults)).toThrow("--provider needs a value");
    expect(() => parseExamplesArgs(["--provider="], defaults)).toThrow("--provider needs a value");
    expect(() => parseExamplesArgs(["--job", "2"], defaults)).toThrow(
      "unknown option --job; the runner takes --provider DIR, --jobs N, --report-dir DIR, --expected-failures FILE, --hosts pinned|representative|all, --shard i/n, --durations FILE, --record-durations, --reattach, --one-cell-per-example and --batch",
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

  it("takes --reattach, --one-cell-per-example and --batch, flags without a value", () => {
    expect(parseExamplesArgs(["--reattach", "functions/"], defaults)).toMatchObject({
      reattach: true,
      oneCellPerExample: false,
      filters: ["functions/"],
    });
    expect(parseExamplesArgs(["--one-cell-per-example"], defaults)).toMatchObject({
      reattach: false,
      oneCellPerExample: true,
      filters: [],
    });
    expect(() => parseExamplesArgs(["--reattach=all"], defaults)).toThrow("unknown option --reattach=all");
    expect(() => parseExamplesArgs(["--one-cell-per-example=yes"], defaults)).toThrow(
      "unknown option --one-cell-per-example=yes",
    );
    expect(parseExamplesArgs(["--batch", "--reattach"], defaults)).toMatchObject({
      batch: true,
      reattach: true,
    });
    expect(() => parseExamplesArgs(["--batch=1"], defaults)).toThrow("unknown option --batch=1");
  });

  it("takes --provider, resolved from the current directory, with that provider's own lists", () => {
    const other = resolve("some/terraform-provider-x");
    for (const args of [
      ["--provider", "some/terraform-provider-x"],
      ["--provider=some/terraform-provider-x/"],
    ])
      expect(parseExamplesArgs([...args, "role"], defaults)).toEqual({
        ...parsedDefaults,
        provider: other,
        expectedFailures: join(other, "conformance-expected-failures.json"),
        durations: join(other, "conformance-durations.json"),
        filters: ["role"],
      });
    // Lists named on the command line win over the provider's, in either order.
    expect(
      parseExamplesArgs(
        ["--expected-failures", "x.json", "--provider", "some/terraform-provider-x", "--durations=d.json"],
        defaults,
      ),
    ).toMatchObject({ provider: other, expectedFailures: resolve("x.json"), durations: resolve("d.json") });
    // The reference provider named explicitly, by any spelling of its path, keeps the runner's lists.
    expect(parseExamplesArgs(["--provider", `${REFERENCE_PROVIDER_DIR}/`], defaults)).toMatchObject({
      expectedFailures: parsedDefaults.expectedFailures,
      durations: parsedDefaults.durations,
    });
  });
});
