// tsvider_echo through the test kit: invoked as `terraform apply -invoke` does, its progress
// in order, the lines it appends, and its refusals at the attribute.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { echoAction, lineStamp } from "./echo.js";

const TYPE = "tsvider_echo";
const AT = new Date("2026-03-04T05:06:07.890Z");
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", actions: [echoAction({ now: () => AT })] }),
);
/** The warning planning gives for an invocation that writes to `path`. */
const appendWarning = (path: string) => ({
  severity: "warning",
  summary: `This will append to ${path}.`,
  detail: "Each echo appends a line with the time and the message; nothing else in the file is changed.",
  path: [{ attribute: "path" }],
});

describe("echoAction", () => {
  it("echoes the message once as progress, writing nothing without a path", async () => {
    const res = await kit.actions.invoke(TYPE, { message: "hello" });
    expect(res).toEqual({ progress: ["hello"], diagnostics: [] });
  });

  it("repeats it, numbering each, and appends a line per echo to the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "echo-"));
    const path = join(dir, "sub", "echo.log");
    await mkdir(join(dir, "sub"));
    await writeFile(path, "earlier\n");
    const res = await kit.actions.invoke(TYPE, { message: "deployed", repeat: 3, path });
    expect(res.diagnostics).toEqual([appendWarning(path)]);
    expect(res.progress).toEqual([
      "deployed (1/3)",
      "deployed (2/3)",
      "deployed (3/3)",
      `appended 3 lines to ${path}`,
    ]);
    const line = "2026-03-04T05:06:07+00:00 deployed\n";
    expect(await readFile(path, "utf8")).toBe(`earlier\n${line}${line}${line}`);
  });

  it("creates the file's directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "echo-"));
    const path = join(dir, "a", "b", "echo.log");
    const res = await kit.actions.invoke(TYPE, { message: "x", path });
    expect(res.progress).toEqual(["x", `appended 1 line to ${path}`]);
    expect(await readFile(path, "utf8")).toBe("2026-03-04T05:06:07+00:00 x\n");
  });

  it("warns at plan which file it will append to, and nothing without a path", async () => {
    expect((await kit.actions.plan(TYPE, { message: "m", path: "logs/echo.log" })).diagnostics).toEqual([
      appendWarning("logs/echo.log"),
    ]);
    expect((await kit.actions.plan(TYPE, { message: "m" })).diagnostics).toEqual([]);
  });

  it("stamps lines as pyvider does: UTC, whole seconds, +00:00", () => {
    expect(lineStamp(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31T23:59:59+00:00");
    expect(lineStamp(new Date(0))).toBe("1970-01-01T00:00:00+00:00");
  });

  it("refuses bad input at the attribute", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ message: "" }, "message", "message is empty"],
      [{ message: "m", repeat: 0 }, "repeat", "repeat must be between 1 and 100"],
      [{ message: "m", repeat: 101 }, "repeat", "repeat must be between 1 and 100"],
      [{ message: "m", path: "" }, "path", "path is empty"],
    ];
    for (const [config, attribute, summary] of cases) {
      const { diagnostics } = await kit.actions.validate(TYPE, config);
      expect(diagnostics, JSON.stringify(config)).toMatchObject([
        { severity: "error", summary, path: [{ attribute }] },
      ]);
    }
  });

  it("refuses a directory as path at plan, before writing anything", async () => {
    const dir = await mkdtemp(join(tmpdir(), "echo-"));
    const res = await kit.actions.invoke(TYPE, { message: "m", path: dir });
    expect(res.progress).toEqual([]);
    expect(res.diagnostics).toMatchObject([
      { severity: "error", summary: `${dir} is a directory`, path: [{ attribute: "path" }] },
    ]);
  });

  it("fails at the path when the file cannot be written", async () => {
    const dir = await mkdtemp(join(tmpdir(), "echo-"));
    await writeFile(join(dir, "taken"), "a file, not a directory\n");
    const path = join(dir, "taken", "echo.log");
    const res = await kit.actions.invoke(TYPE, { message: "m", path });
    expect(res.diagnostics).toMatchObject([
      appendWarning(path),
      { severity: "error", summary: `Cannot append to ${path}`, path: [{ attribute: "path" }] },
    ]);
  });
});
