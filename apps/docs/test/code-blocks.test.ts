// Every ```ts block of the site's pages typechecks against the packages' builds (build them
// first: `pnpm run build` in each, or turbo's ^build), in one TypeScript program with the
// repository's compiler options (tooling/tsconfig.base.json), so an example that drifts from the
// API fails here, naming its page and line.
//
// A block's fence says what it is, in words after `ts` (VitePress reads only the language):
//   ```ts           a whole module, typechecked on its own;
//   ```ts fragment  part of a definition (elided with `// ...`, or using names from the prose
//                   around it): shown, not checked. Keep these few and short.
// VitePress's own fence options (`{1,3}` line highlights, `[title]`, `:line-numbers`) are
// allowed beside them. Names a page leaves to the reader's own code (an API client, `vault`)
// are declared in PRELUDE below, so the framework calls around them are still checked.
// packages/framework/src/readme-examples.test.ts checks the framework README the same way.
//
// The blocks never touch the disk: a compiler host serves them from memory at paths under
// apps/docs/.code-blocks/, where `@tsvider/*` and `tsvider` resolve through apps/docs's own
// node_modules to the workspace packages' builds. pages/api is left out: TypeDoc generates it
// from the packages' doc comments, which test/api.test.ts covers.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const docsDir = fileURLToPath(new URL("..", import.meta.url));
const pagesDir = join(docsDir, "pages");
const blocksDir = join(docsDir, ".code-blocks");
const repoRoot = join(docsDir, "..", "..");

/** One ```ts block of a page. */
interface Block {
  /** The page, relative to apps/docs (`pages/guides/resources.md`). */
  page: string;
  /** The page's line of the block's first line of code (1-based). */
  line: number;
  kind: "module" | "fragment";
  code: string;
  /** Where the compiler host serves it. */
  file: string;
}

/** VitePress's fence options, which say nothing about checking. */
const VITEPRESS_OPTION = /^(\{[\d,\s-]*\}|\[[^\]]*\]|:(no-)?line-numbers(=\d+)?)$/;

/** The ```ts blocks of one page, in order; a word after `ts` that means nothing is an error. */
function pageBlocks(page: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!fence) continue;
    const [, indent, marks, info] = fence as unknown as [string, string, string, string];
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== marks) end++;
    if (end === lines.length)
      throw new Error(`${page}:${i + 1}: the code block is never closed; close it with ${marks}`);
    // `ts:line-numbers` and `ts{1,2}` glue options to the language.
    const lang = /^(ts|typescript)(?=$|[\s{:[])/.exec(info.trim());
    if (lang) {
      const words = info
        .trim()
        .slice(lang[0].length)
        .replace(/^:(no-)?line-numbers(=\d+)?/, "")
        .split(/\s+(?![^{[]*[}\]])/)
        .filter((w) => w !== "" && !VITEPRESS_OPTION.test(w));
      if (words.length > 1 || (words.length === 1 && words[0] !== "fragment"))
        throw new Error(
          `${page}:${i + 1}: "${words.join(" ")}" after \`\`\`ts is not a kind of example; write \`\`\`ts for a module that is typechecked, or \`\`\`ts fragment for one that is not`,
        );
      const name = page.replace(/\.md$/, "").replace(/[^A-Za-z0-9]+/g, "-");
      blocks.push({
        page,
        line: i + 2,
        kind: words[0] === "fragment" ? "fragment" : "module",
        // A block indented under a list item is written with that indent.
        code: lines
          .slice(i + 1, end)
          .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
          .join("\n"),
        file: join(blocksDir, `${name}-${String(blocks.length + 1).padStart(2, "0")}.ts`),
      });
    }
    i = end;
  }
  return blocks;
}

/** Every page under pages/, but the generated API reference. */
async function pages(dir = pagesDir): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(pagesDir, "api") && entry.name !== "node_modules" && !entry.name.startsWith("."))
        found.push(...(await pages(path)));
    } else if (entry.name.endsWith(".md")) found.push(path);
  }
  return found.sort();
}

// What the pages' examples take from the reader's own code. Typed as such code would be, so
// that what an example does with them is checked too.
const PRELUDE = `
import type { DataSource } from "@tsvider/framework";
declare global {
  /** A data source defined on another page. */
  const image: DataSource;
  interface Server { id: string; name: string; status: string }
  class ApiClient {
    createServer(name: string): Promise<string>;
    deleteServer(id: string): Promise<void>;
    createVolume(sizeGb: number | bigint): Promise<string>;
    getServer(id: string, o?: { signal?: AbortSignal }): Promise<Server | undefined>;
  }
  const api: {
    createServer(name: string): Promise<string>;
    stop(id: string, o: { signal: AbortSignal }): Promise<void>;
    start(id: string, o: { signal: AbortSignal }): Promise<void>;
    servers(o: { prefix: string | null; pageSize: number; signal: AbortSignal }): AsyncIterable<Server>;
  };
  const vault: {
    lease(role: string): Promise<{ id: string; secret: string; expiresAt: number }>;
    renew(id: string): Promise<{ expiresAt: number }>;
    revoke(id: string): Promise<void>;
  };
  function lookUp(client: unknown, name: string): Promise<{ id: string; region: string } | undefined>;
  class BucketClient {
    constructor(bucket: string);
    listNames(): Promise<string[]>;
    get(name: string): Promise<Uint8Array | null>;
    put(name: string, bytes: Uint8Array): Promise<void>;
    delete(name: string): Promise<void>;
    tryLock(name: string, operation: string): Promise<
      { ok: true; id: string } | { ok: false; holder: { id: string; who: string } }
    >;
    unlock(name: string, lockId: string): Promise<void>;
  }
}
`;

/** The repository's compiler options, for blocks that emit nothing. */
function compilerOptions(): ts.CompilerOptions {
  const file = join(repoRoot, "tooling", "tsconfig.base.json");
  const json = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  if (json.error) throw new Error(ts.flattenDiagnosticMessageText(json.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(json.config, ts.sys, docsDir, undefined, file);
  // Every block is a module of its own, with or without imports, so their names never clash.
  return {
    ...parsed.options,
    noEmit: true,
    declaration: false,
    sourceMap: false,
    inlineSources: false,
    moduleDetection: ts.ModuleDetectionKind.Force,
  };
}

/** Each failing block's diagnostics, as "page:line:column: message", in one program. */
function typecheck(blocks: Block[]): string[] {
  const files = new Map(blocks.map((b) => [b.file, b]));
  const prelude = join(blocksDir, "prelude.d.ts");
  const texts = new Map<string, string>([
    [prelude, PRELUDE],
    ...blocks.map((b) => [b.file, b.code] as const),
  ]);
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile: read, getSourceFile } = host;
  host.getCurrentDirectory = () => docsDir;
  host.fileExists = (f) => texts.has(f) || fileExists.call(host, f);
  host.readFile = (f) => texts.get(f) ?? read.call(host, f);
  host.getSourceFile = (f, language, ...rest) => {
    const text = texts.get(f);
    return text === undefined
      ? getSourceFile.call(host, f, language, ...rest)
      : ts.createSourceFile(f, text, language);
  };
  const program = ts.createProgram([prelude, ...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const block = d.file && files.get(d.file.fileName);
    if (!block || d.start === undefined) return `${d.file?.fileName ?? "(program)"}: ${text}`;
    const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start);
    return `${block.page}:${block.line + line}:${character + 1}: ${text}`;
  });
}

const all = (
  await Promise.all(
    (await pages()).map(async (p) => pageBlocks(relative(docsDir, p), await readFile(p, "utf8"))),
  )
).flat();
const checked = all.filter((b) => b.kind === "module");

// A page of its own that is wrong on purpose, typechecked in the same program as the real ones:
// if the check stopped reporting errors, the first test below would pass for nothing.
const CANARY = [
  "# Canary",
  "",
  "```ts",
  'import { attr, defineResource } from "@tsvider/framework";',
  "export const r = defineResource({",
  '  typeName: "mycloud_thing",',
  "  schema: { name: attr.string({ required: true }) },",
  "  async create({ plan }) {",
  "    return { ...plan, nmae: 1 };",
  "  },",
  "  async read({ state }) {",
  "    return state;",
  "  },",
  "  async delete() {},",
  "});",
  "```",
  "",
].join("\n");
const canary = pageBlocks("pages/canary.md", CANARY);
const diagnostics = typecheck([...checked, ...canary]);
const isCanary = (d: string) => d.startsWith("pages/canary.md:");

describe("the ```ts blocks of the site's pages", () => {
  it("are found in every group of guides", () => {
    const groups = new Set(checked.map((b) => b.page.split("/")[1]));
    for (const group of ["concepts", "guides", "testing", "packaging", "migrating", "packages"])
      expect(groups, `no checked \`\`\`ts block under pages/${group}/`).toContain(group);
  });

  it("typecheck against the packages' builds", () => {
    expect(diagnostics.filter((d) => !isCanary(d))).toEqual([]);
  });

  it("a block with a type error fails, naming its page and line", () => {
    const found = diagnostics.filter(isCanary);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^pages\/canary\.md:8:\d+: .*nmae/s);
  });

  it("a fragment is not checked, and a word after ts that means nothing is refused", () => {
    const fragment = pageBlocks("p.md", "```ts fragment\nnot TypeScript at all\n```\n");
    expect(fragment.map((b) => b.kind)).toEqual(["fragment"]);
    expect(pageBlocks("p.md", "```ts{2} [server.ts]\nconst a = 1;\n```\n").map((b) => b.kind)).toEqual([
      "module",
    ]);
    expect(() => pageBlocks("p.md", "\n```ts run\nx\n```\n")).toThrow(/p\.md:2: "run" after ```ts/);
  });
});
