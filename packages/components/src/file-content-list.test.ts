// tsvider_file_content's list: files by directory, name pattern and depth, named by the
// resource's identity, with the whole object only when asked (the reference provider's
// list.test.ts takes it through the real terraform query).
import { chmod, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics, defineProvider, type ListResult } from "@tsvider/framework";
import { silentLog, testProvider } from "@tsvider/framework/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fileContentResource } from "./file-content.js";
import { fileContentList, globMatcher } from "./file-content-list.js";

const resource = fileContentResource();
const list = fileContentList(resource);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-file-content-list-"));
  await mkdir(join(dir, "sub", "deeper"), { recursive: true });
  await writeFile(join(dir, "b.txt"), "bravo");
  await writeFile(join(dir, "a.txt"), "alpha");
  await writeFile(join(dir, "c.md"), "charlie");
  await writeFile(join(dir, "sub", "d.txt"), "delta");
  await writeFile(join(dir, "sub", "deeper", "e.txt"), "echo");
  await chmod(join(dir, "a.txt"), 0o600);
  await chmod(join(dir, "b.txt"), 0o644);
});

async function listed(
  config: { directory: string; pattern?: string | null; recursive?: boolean | null },
  includeResource = false,
): Promise<ListResult<typeof resource>[]> {
  const out: ListResult<typeof resource>[] = [];
  const results = list.list({
    config: { pattern: null, recursive: null, ...config },
    includeResource,
    limit: 100,
    providerData: undefined,
    signal: new AbortController().signal,
    diagnostics: new Diagnostics(),
    log: silentLog,
  });
  for await (const result of results as AsyncIterable<ListResult<typeof resource>>) out.push(result);
  return out;
}

describe("fileContentList", () => {
  it("lists a directory's files in name order, named by their filename identity", async () => {
    const results = await listed({ directory: dir });
    expect(results.map((r) => [r.displayName, r.identity, r.resource])).toEqual([
      [join(dir, "a.txt"), { filename: join(dir, "a.txt") }, undefined],
      [join(dir, "b.txt"), { filename: join(dir, "b.txt") }, undefined],
      [join(dir, "c.md"), { filename: join(dir, "c.md") }, undefined],
    ]);
  });

  it("matches the pattern against each name, below the directory too when recursive", async () => {
    const results = await listed({ directory: dir, pattern: "*.txt", recursive: true });
    expect(results.map((r) => r.identity.filename)).toEqual([
      join(dir, "a.txt"),
      join(dir, "b.txt"),
      join(dir, "sub", "d.txt"),
      join(dir, "sub", "deeper", "e.txt"),
    ]);
  });

  it("gives each file's content, mode and hash when asked, as the resource's read would", async () => {
    const [a] = await listed({ directory: dir, pattern: "a.*" }, true);
    expect(a!.resource).toEqual({
      filename: join(dir, "a.txt"),
      content: "alpha",
      file_permission: "0600",
      content_hash: "8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8",
      exists: true,
    });
  });

  it("passes the framework's checks, and generates config without the hash (test kit)", async () => {
    const kit = testProvider(
      defineProvider({ name: "tsvider", version: "1.0.0", resources: [resource], listResources: [list] }),
    );
    const { results, diagnostics } = await kit.lists.list(
      "tsvider_file_content",
      { directory: dir, pattern: "b*" },
      { includeResource: true },
    );
    expect(diagnostics).toEqual([]);
    expect(results.map((r) => r.identity)).toEqual([{ filename: join(dir, "b.txt") }]);
    const generated = await kit.lists.generateConfig("tsvider_file_content", results[0]!.resource!);
    expect(generated.config).toEqual({
      filename: join(dir, "b.txt"),
      content: "bravo",
      file_permission: "0644",
      content_hash: null,
      exists: null,
    });
    const invalid = await kit.lists.validate("tsvider_file_content", { directory: "" });
    expect(invalid.diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "directory" }] });
  });

  it("finds nothing in a directory that does not exist", async () => {
    expect(await listed({ directory: join(dir, "missing") })).toEqual([]);
  });

  it("is served with the same resource object, and names its type", () => {
    expect(list.typeName).toBe("tsvider_file_content");
    const provider = defineProvider({
      name: "tsvider",
      version: "1.0.0",
      resources: [resource],
      listResources: [list],
    });
    expect([...provider.listResourcesByType.keys()]).toEqual(["tsvider_file_content"]);
  });
});

describe("globMatcher", () => {
  it("reads * and ? as wildcards and everything else literally", () => {
    const m = globMatcher("a?c*.t(x)t");
    expect(m("abc.t(x)t")).toBe(true);
    expect(m("abcdef.t(x)t")).toBe(true);
    expect(m("ac.t(x)t")).toBe(false);
    expect(m("abc.txt")).toBe(false);
    expect(globMatcher("*.txt")("a.txt.bak")).toBe(false);
  });
});
