// The output a failure report shows: Workdir.run keeps both streams in the order they arrived,
// and commandOutput (errors.ts) gives that order, or stdout then stderr under headings for a
// result that lacks it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Workdir } from "../workdir.js";
import { AcceptanceTestError, commandOutput } from "./errors.js";

const dir = mkdtempSync(join(tmpdir(), "tsvider-output-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Workdir.run", () => {
  it("records stdout and stderr interleaved in the order they arrived", async () => {
    // A shell stands in for tofu. The pauses are there so each write reaches this process
    // before the next is made (two pipes are read in whatever order the OS hands them over);
    // nothing here measures time.
    const shell = new Workdir({ dir, binary: "/bin/sh", cliConfigFile: join(dir, "none.tfrc") });
    const result = await shell.run(
      ["-c", "echo 'Creating...'; sleep 0.3; echo 'Error: refused' >&2; sleep 0.3; echo 'Summary'; exit 1"],
      { okCodes: [1] },
    );
    expect(result.stdout).toBe("Creating...\nSummary\n");
    expect(result.stderr).toBe("Error: refused\n");
    expect(result.output).toBe("Creating...\nError: refused\nSummary\n");
  });
});

describe("commandOutput", () => {
  const base = { args: ["tofu", "apply"], code: 1, stdout: "Creating...\n", stderr: "Error: refused\n" };

  it("is the output in arrival order when the result has it", () => {
    expect(commandOutput({ ...base, output: "Creating...\nError: refused\n" })).toBe(
      "Creating...\nError: refused",
    );
  });

  it("puts stdout before stderr, each under a heading, without the order; one stream alone as it is", () => {
    expect(commandOutput(base)).toBe("stdout:\nCreating...\nstderr:\nError: refused");
    expect(commandOutput({ ...base, stdout: "" })).toBe("Error: refused");
    expect(commandOutput({ ...base, stderr: " \n" })).toBe("Creating...");
  });

  it("is what an AcceptanceTestError's message shows under output", () => {
    const error = new AcceptanceTestError({
      step: { index: 1, count: 1, kind: "config" },
      binary: "tofu",
      reason: "apply failed (exit code 1)",
      command: base.args,
      output: commandOutput({ ...base, output: "Creating...\nError: refused\n" }),
    });
    expect(error.message).toBe(
      [
        "step 1 of 1 (config) failed on tofu: apply failed (exit code 1)",
        "command: tofu apply",
        "output:",
        "  Creating...",
        "  Error: refused",
      ].join("\n"),
    );
  });
});
