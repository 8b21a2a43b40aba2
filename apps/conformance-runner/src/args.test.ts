import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseExamplesArgs } from "./args.js";

const defaults = { jobs: 4, reportDir: "/r", expectedFailures: "/x.json" };

describe("examples arguments", () => {
  it("takes --jobs, --report-dir and filters in any order", () => {
    expect(parseExamplesArgs([], defaults)).toEqual({ ...defaults, filters: [] });
    expect(parseExamplesArgs(["echo", "--jobs", "2", "--report-dir=out", "basic"], defaults)).toEqual({
      jobs: 2,
      reportDir: resolve("out"),
      expectedFailures: "/x.json",
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
      "unknown option --job; the runner takes --jobs N, --report-dir DIR and --expected-failures FILE",
    );
  });
});
