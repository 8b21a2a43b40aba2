// tsvider_file_content's list: files by path (or its deprecated alias directory), suffix,
// hidden or not, name pattern and depth, named by the resource's identity, with the whole
// object only when asked (the reference provider's list.test.ts takes it through the real
// terraform query).
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
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "1.0.0", resources: [resource], listResources: [list] }),
);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-file-content-list-"));
  await mkdir(join(dir, "sub", "deeper"), { recursive: true });
  await mkdir(join(dir, ".hidden-dir"));
  await writeFile(join(dir, "b.txt"), "bravo");
  await writeFile(join(dir, "a.txt"), "alpha");
  await writeFile(join(dir, "c.md"), "charlie");
  await writeFile(join(dir, ".env"), "SECRET=1");
  await writeFile(join(dir, "sub", "d.txt"), "delta");
  await writeFile(join(dir, "sub", "deeper", "e.txt"), "echo");
  await writeFile(join(dir, ".hidden-dir", "f.txt"), "foxtrot");
  await writeFile(join(dir, "g.bin"), Buffer.from([0xff, 0xfe, 0x00]));
  await chmod(join(dir, "a.txt"), 0o600);
  await chmod(join(dir, "b.txt"), 0o644);
});

interface Config {
  path?: string | null;
  directory?: string | null;
  suffix?: string | null;
  include_hidden?: boolean | null;
  pattern?: string | null;
  recursive?: boolean | null;
}

async function listed(
  config: Config,
  includeResource = false,
  diagnostics = new Diagnostics(),
): Promise<ListResult<typeof resource>[]> {
  const out: ListResult<typeof resource>[] = [];
  const results = list.list({
    config: {
      path: null,
      directory: null,
      suffix: null,
      include_hidden: null,
      pattern: null,
      recursive: null,
      ...config,
    },
    includeResource,
    limit: 100,
    providerData: undefined,
    signal: new AbortController().signal,
    diagnostics,
    log: silentLog,
  });
  for await (const result of results as AsyncIterable<ListResult<typeof resource>>) out.push(result);
  return out;
}

describe("fileContentList", () => {
  it("lists a directory's visible files in name order, shown by name, named by filename", async () => {
    const results = await listed({ path: dir });
    expect(results.map((r) => [r.displayName, r.identity, r.resource])).toEqual([
      ["a.txt", { filename: join(dir, "a.txt") }, undefined],
      ["b.txt", { filename: join(dir, "b.txt") }, undefined],
      ["c.md", { filename: join(dir, "c.md") }, undefined],
      ["g.bin", { filename: join(dir, "g.bin") }, undefined],
    ]);
  });

  it("lists the same files under the deprecated name directory", async () => {
    expect(await listed({ directory: dir })).toEqual(await listed({ path: dir }));
  });

  it("keeps files ending with suffix, and hidden ones only with include_hidden", async () => {
    const names = async (config: Config) =>
      (await listed({ path: dir, ...config })).map((r) => r.displayName);
    expect(await names({ suffix: ".txt" })).toEqual(["a.txt", "b.txt"]);
    expect(await names({ suffix: "" })).toEqual(["a.txt", "b.txt", "c.md", "g.bin"]);
    expect(await names({ include_hidden: true })).toEqual([".env", "a.txt", "b.txt", "c.md", "g.bin"]);
    expect(await names({ suffix: ".txt", recursive: true })).toEqual([
      "a.txt",
      "b.txt",
      join("sub", "d.txt"),
      join("sub", "deeper", "e.txt"),
    ]);
    expect(await names({ suffix: ".txt", recursive: true, include_hidden: true })).toEqual([
      join(".hidden-dir", "f.txt"),
      "a.txt",
      "b.txt",
      join("sub", "d.txt"),
      join("sub", "deeper", "e.txt"),
    ]);
  });

  it("matches the pattern against each name, together with suffix", async () => {
    const results = await listed({ path: dir, pattern: "[ab]*", recursive: true });
    expect(results).toEqual([]);
    const starred = await listed({ path: dir, pattern: "?.*", suffix: "t", recursive: true });
    expect(starred.map((r) => r.identity.filename)).toEqual([
      join(dir, "a.txt"),
      join(dir, "b.txt"),
      join(dir, "sub", "d.txt"),
      join(dir, "sub", "deeper", "e.txt"),
    ]);
  });

  it("reads a path below the home directory from ~", async () => {
    // os.homedir() is $HOME on POSIX systems: point it at the test directory for this test.
    const saved = process.env.HOME;
    process.env.HOME = dir;
    try {
      const home = await listed({ path: "~" });
      expect(home.map((r) => r.identity.filename)).toContain(join(dir, "a.txt"));
      const sub = await listed({ path: "~/sub" });
      expect(sub.map((r) => r.identity.filename)).toEqual([join(dir, "sub", "d.txt")]);
    } finally {
      process.env.HOME = saved;
    }
  });

  it("gives each file's content, mode and hash when asked, as the resource's read would", async () => {
    const [a] = await listed({ path: dir, pattern: "a.*" }, true);
    expect(a!.resource).toEqual({
      filename: join(dir, "a.txt"),
      content: "alpha",
      file_permission: "0600",
      content_hash: "8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8",
      exists: true,
    });
  });

  it("lists a file that is not text without its content, with a warning, and goes on", async () => {
    const diagnostics = new Diagnostics();
    const results = await listed({ path: dir, suffix: ".bin" }, true, diagnostics);
    expect(results).toEqual([
      { displayName: "g.bin", identity: { filename: join(dir, "g.bin") }, resource: null },
    ]);
    expect([...diagnostics]).toMatchObject([
      {
        severity: "warning",
        summary: "g.bin is not text",
        detail: expect.stringContaining("not UTF-8 text"),
      },
    ]);
  });

  it("passes the framework's checks, and generates config without the hash (test kit)", async () => {
    const { results, diagnostics } = await kit.lists.list(
      "tsvider_file_content",
      { path: dir, pattern: "b*" },
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
  });

  it("refuses an empty path, neither or both of path and directory, and a file for a directory", async () => {
    const empty = await kit.lists.validate("tsvider_file_content", { path: "" });
    expect(empty.diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "path" }] });
    const neither = await kit.lists.validate("tsvider_file_content", {});
    expect(neither.diagnostics).toMatchObject([
      { severity: "error", detail: expect.stringContaining("Exactly one of"), path: [{ attribute: "path" }] },
    ]);
    const both = await kit.lists.validate("tsvider_file_content", { path: dir, directory: dir });
    expect(both.diagnostics.filter((d) => d.severity === "error")).toMatchObject([
      { detail: expect.stringMatching(/Exactly one of .*path.*directory/) },
    ]);
    const file = await kit.lists.validate("tsvider_file_content", { path: join(dir, "a.txt") });
    expect(file.diagnostics).toMatchObject([
      { severity: "error", summary: "Not a directory", path: [{ attribute: "path" }] },
    ]);
  });

  it("warns that directory is deprecated, naming path", async () => {
    const { diagnostics } = await kit.lists.validate("tsvider_file_content", { directory: dir });
    expect(diagnostics).toMatchObject([
      {
        severity: "warning",
        detail: expect.stringContaining('Use "path" instead'),
        path: [{ attribute: "directory" }],
      },
    ]);
  });

  it("finds nothing in a directory that does not exist", async () => {
    expect(await listed({ path: join(dir, "missing") })).toEqual([]);
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
