import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics, TsviderError, ValidationError } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { writeMarkerAction } from "./write-marker.js";

const action = writeMarkerAction();
const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} } as never;
const ctx = () => ({
  providerData: undefined,
  signal: new AbortController().signal,
  diagnostics: new Diagnostics(),
  log,
});

describe("writeMarkerAction", () => {
  it("writes the marker, creating its directory, and reports each step", async () => {
    const dir = await mkdtemp(join(tmpdir(), "write-marker-"));
    const path = join(dir, "a", "b", "marker.txt");
    const messages: string[] = [];
    await action.invoke({ ...ctx(), config: { path, content: "done\n" }, progress: (m) => messages.push(m) });
    expect(await readFile(path, "utf8")).toBe("done\n");
    expect(messages).toEqual([
      `creating the directory of ${path}`,
      `writing 5 bytes to ${path}`,
      `wrote ${path}`,
    ]);
  });

  it("refuses a directory at plan time and fails at the path when invoked anyway", async () => {
    const dir = await mkdtemp(join(tmpdir(), "write-marker-"));
    await mkdir(join(dir, "taken"));
    const config = { path: join(dir, "taken"), content: null };
    await expect(action.plan!({ ...ctx(), config })).rejects.toThrow(ValidationError);
    const failed = action.invoke({ ...ctx(), config, progress: () => {} });
    await expect(failed).rejects.toThrow(TsviderError);
    await expect(failed).rejects.toThrow(`Cannot write the marker ${config.path}`);
  });

  it("refuses an empty path", () => {
    expect(() => action.validateConfig!({ ...ctx(), config: { path: "", content: null } })).toThrow(
      "path is empty",
    );
  });

  it("stops without writing when cancelled, leaving nothing behind", async () => {
    const dir = await mkdtemp(join(tmpdir(), "write-marker-"));
    const path = join(dir, "m", "marker.txt");
    const controller = new AbortController();
    const messages: string[] = [];
    // Terraform cancels as soon as the first step is reported: before the marker is written.
    const progress = (m: string) => {
      messages.push(m);
      controller.abort();
    };
    await action.invoke({ ...ctx(), signal: controller.signal, config: { path, content: "x" }, progress });
    expect(messages).toEqual([`creating the directory of ${path}`]);
    expect(await readdir(join(dir, "m"))).toEqual([]);
  });
});
