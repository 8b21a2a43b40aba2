// tsvider_wait_for_file through the test kit: found at once, found once another process writes
// it, given up on at the timeout, cancelled when Terraform cancels, and bad input refused at the
// attribute. No timing is asserted: only what was reported and the outcome.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { waitForFileAction } from "./wait-for-file.js";

const TYPE = "tsvider_wait_for_file";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", actions: [waitForFileAction()] }),
);

describe("waitForFileAction", () => {
  it("finishes at once when the path exists", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wait-"));
    const res = await kit.actions.invoke(TYPE, { path: dir });
    expect(res).toEqual({ progress: [`${dir} exists`], diagnostics: [] });
  });

  it("warns at plan that the path is missing, then waits for it, reporting progress", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wait-"));
    const path = join(dir, "ready");
    const planned = await kit.actions.plan(TYPE, { path });
    expect(planned.diagnostics).toMatchObject([
      { severity: "warning", summary: `${path} does not exist yet`, path: [{ attribute: "path" }] },
    ]);
    const waiting = kit.actions.invoke(TYPE, { path, poll_interval_seconds: 0.02 });
    // Written once the action is under way (after its first look, whenever that is).
    setTimeout(() => void writeFile(path, "ok\n"), 100);
    const res = await waiting;
    expect(res.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(res.progress[0]).toBe(`waiting for ${path} (up to 60s, looking every 0.02s)`);
    expect(res.progress.at(-1)).toMatch(new RegExp(`^${path} exists after \\d+(\\.\\d+)?s$`));
  });

  it("fails at the timeout, naming the path", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wait-"));
    const path = join(dir, "never");
    const res = await kit.actions.invoke(TYPE, { path, timeout_seconds: 0.2, poll_interval_seconds: 0.05 });
    expect(res.progress[0]).toBe(`waiting for ${path} (up to 0.2s, looking every 0.05s)`);
    expect(res.diagnostics.filter((d) => d.severity === "error")).toMatchObject([
      { summary: `${path} did not appear within 0.2s`, path: [{ attribute: "path" }] },
    ]);
  });

  it("stops waiting when the invocation is cancelled", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wait-"));
    const controller = new AbortController();
    const waiting = kit.actions.invoke(
      TYPE,
      { path: join(dir, "never"), timeout_seconds: 3600 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    const res = await waiting;
    const errors = res.diagnostics.filter((d) => d.severity === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.summary).toBe("Action tsvider_wait_for_file was cancelled");
  });

  it("waits for values not known yet", async () => {
    const { diagnostics } = await kit.actions.validate(TYPE, {
      path: Unknown,
      timeout_seconds: Unknown,
      poll_interval_seconds: Unknown,
    });
    expect(diagnostics).toEqual([]);
  });

  it("refuses bad input at the attribute", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ path: "" }, "path", "path is empty"],
      [
        { path: "p", timeout_seconds: 0 },
        "timeout_seconds",
        "timeout_seconds must be more than 0 and at most 86400",
      ],
      [
        { path: "p", timeout_seconds: 100000 },
        "timeout_seconds",
        "timeout_seconds must be more than 0 and at most 86400",
      ],
      [
        { path: "p", poll_interval_seconds: 0 },
        "poll_interval_seconds",
        "poll_interval_seconds must be at least 0.01",
      ],
      [
        { path: "p", poll_interval_seconds: 61 },
        "poll_interval_seconds",
        "poll_interval_seconds is longer than timeout_seconds",
      ],
      [
        { path: "p", timeout_seconds: 1, poll_interval_seconds: 2 },
        "poll_interval_seconds",
        "poll_interval_seconds is longer than timeout_seconds",
      ],
    ];
    for (const [config, attribute, summary] of cases) {
      const { diagnostics } = await kit.actions.validate(TYPE, config);
      expect(diagnostics, JSON.stringify(config)).toMatchObject([
        { severity: "error", summary, path: [{ attribute }] },
      ]);
    }
  });
});
