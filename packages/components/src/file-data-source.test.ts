// tsvider_file's read through the test kit (validate, then read, as tofu calls them): content
// and hash of a file on disk, and an error at `filename` when there is no such file (the
// reference provider's tests take it through tofu).
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { fileDataSource } from "./file-data-source.js";

const TYPE = "tsvider_file";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", dataSources: [fileDataSource()] }),
);
const HELLO_SHA256 = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-file-data-source-"));
});

const read = (filename: string) => kit.readDataSource(TYPE, { filename });

describe("fileDataSource", () => {
  it("reads the content, its SHA-256 and its size", async () => {
    const filename = join(dir, "f.txt");
    await writeFile(filename, "hello");
    const { state, diagnostics } = await read(filename);
    expect(diagnostics).toEqual([]);
    expect(state).toEqual({ filename, content: "hello", content_hash: HELLO_SHA256, size: 5 });
  });

  it("hashes the bytes, so a hash matches sha256sum even for text that is not UTF-8", async () => {
    const filename = join(dir, "bin");
    await writeFile(filename, Buffer.from([0xff, 0x00]));
    const { state } = await read(filename);
    // printf '\xff\x00' | sha256sum
    expect(state?.content_hash).toBe("ea5dbf9596d187e9500f23e9a680109475341cf4e81f7e043f7d97152c10772f");
    expect(state?.size).toBe(2);
  });

  it("a missing file is an error at filename, saying what to check", async () => {
    const filename = join(dir, "missing.txt");
    const { state, diagnostics } = await read(filename);
    expect(state).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: "error",
      summary: `File "${filename}" does not exist`,
      path: [{ attribute: "filename" }],
    });
    expect(diagnostics[0]?.detail).toContain("relative path is read from the directory tofu runs in");
  });

  it("a directory is refused by name", async () => {
    await mkdir(join(dir, "d"));
    const { diagnostics } = await read(join(dir, "d"));
    expect(diagnostics.map((d) => d.summary).join("\n")).toMatch(/is a directory/);
  });

  it("takes another provider's prefix", () => {
    expect(fileDataSource({ typeName: "mycloud_file" }).typeName).toBe("mycloud_file");
  });
});
