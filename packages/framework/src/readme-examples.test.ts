// Every ```ts block of this package's README, checked against the build (`pnpm run build`
// first): all of them typechecked in one TypeScript program with the package's compiler
// options, and those marked `run` executed with node, which must exit 0 and print nothing on
// stderr. An example that drifts from the API fails here, naming its section and README line.
//
// A block's fence says what it is, in words after `ts` (GitHub shows only the language):
//   ```ts           a whole module, typechecked on its own;
//   ```ts run       a whole program as well, run with node;
//   ```ts fragment  part of a definition (elided with `// ...`, or using names from the
//                   prose around it): shown, not checked. Keep these few and short.
// Names a README leaves to the reader's own code (an API client) go in PRELUDE below, so the
// framework calls around them are still checked.
//
// The files go inside the package (under .readme-example/, git-ignored), where
// `@tsvider/framework` resolves to the package's own build through its `exports`
// (self-reference) and its dependencies resolve from its node_modules.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { runModule } from "../../../tooling/test/readme-example.mjs";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const workDir = join(packageDir, ".readme-example", "examples");

/** One ```ts block of the README. */
interface Example {
  /** The `## ` or `### ` heading above it. */
  heading: string;
  /** The README line of the block's first line of code (1-based). */
  line: number;
  kind: "module" | "run" | "fragment";
  code: string;
  /** Its file under workDir, without extension. */
  name: string;
}

const KINDS: Record<string, Example["kind"]> = { "": "module", run: "run", fragment: "fragment" };

/** The README's ```ts blocks in order; an unknown word after `ts` is an error. */
function readmeExamples(readme: string): Example[] {
  const lines = readme.split("\n");
  const examples: Example[] = [];
  let heading = "(top)";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```(\S*)\s*(.*)$/.exec(line);
    if (!fence) {
      const h = /^#{2,3} (.*)$/.exec(line);
      if (h) heading = h[1]!;
      continue;
    }
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`README.md:${i + 1}: the code block is never closed`);
    if (fence[1] === "ts") {
      const word = fence[2]!.trim();
      const kind = Object.hasOwn(KINDS, word) ? KINDS[word] : undefined;
      if (!kind)
        throw new Error(
          `README.md:${i + 1}: "\`\`\`ts ${fence[2]}" is not a kind of example; write \`\`\`ts, \`\`\`ts run or \`\`\`ts fragment`,
        );
      const slug = heading
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      examples.push({
        heading,
        line: i + 2,
        kind,
        code: lines.slice(i + 1, end).join("\n"),
        name: `${String(examples.length + 1).padStart(2, "0")}-${slug}`,
      });
    }
    i = end;
  }
  return examples;
}

// What the README's examples would take from the reader's own code. They are whole programs
// (the guides' other examples are pages of apps/docs, checked by its test/code-blocks.test.ts),
// so nothing is declared; a block that uses a name of the reader's own declares it here, typed
// as such code would be, so that what the block does with it is checked too.
const PRELUDE = "export {};\n";

/** The package's compiler options, for files outside src/ that emit nothing. */
function compilerOptions(): ts.CompilerOptions {
  const file = join(packageDir, "tsconfig.json");
  const json = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  if (json.error) throw new Error(ts.flattenDiagnosticMessageText(json.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(json.config, ts.sys, packageDir, undefined, file);
  const { rootDir: _rootDir, outDir: _outDir, ...options } = parsed.options;
  // Every block is a module of its own, with or without imports, so their names never clash.
  return { ...options, noEmit: true, moduleDetection: ts.ModuleDetectionKind.Force };
}

/** Each failing block's diagnostics, as "section (README.md:line): message". */
function typecheck(examples: Example[]): string[] {
  const files = new Map(examples.map((e) => [join(workDir, `${e.name}.ts`), e]));
  const program = ts.createProgram([join(workDir, "prelude.d.ts"), ...files.keys()], compilerOptions());
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const example = d.file && files.get(d.file.fileName);
    if (!example || d.start === undefined) return `${d.file?.fileName ?? "(program)"}: ${text}`;
    const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start);
    return `"${example.heading}" (README.md:${example.line + line}:${character + 1}): ${text}`;
  });
}

const examples = readmeExamples(await readFile(join(packageDir, "README.md"), "utf8"));
const checked = examples.filter((e) => e.kind !== "fragment");

beforeAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  await writeFile(join(workDir, "prelude.d.ts"), PRELUDE);
  await Promise.all(checked.map((e) => writeFile(join(workDir, `${e.name}.ts`), e.code)));
});

it("every checked ```ts block of the README typechecks against the build", () => {
  expect(typecheck(checked)).toEqual([]);
});

// The sections whose prose describes behaviour prove it with a program; a block of theirs
// turned into a plain module or a fragment would stop proving it.
it.each([
  ["Validators", 1],
  ["Elements, keys and formats", 1],
  ["Custom types and semantic equality", 1],
  ["Retrying and waiting", 1],
  ["Provider data, typed once", 1],
  ["Testing providers", 2],
  ["Errors", 1],
])("the examples of %s are programs that run (%i)", (heading, count) => {
  const section = examples.filter((e) => e.heading === heading);
  expect(section.map((e) => e.kind)).toEqual(Array(count).fill("run"));
  if (heading === "Testing providers") expect(section[1]?.code).toContain("callProviderFunction");
});

describe("the README's programs run as written", () => {
  const programs = examples.filter((e) => e.kind === "run");
  // Each is its own node process, so they run side by side.
  it.concurrent.each(programs.map((e) => [`${e.heading} (README.md:${e.line})`, e] as const))(
    "%s",
    async (_, e) => {
      const { code } = await transform(e.code, { loader: "ts", format: "esm", target: "node20" });
      const file = join(workDir, `${e.name}.mjs`);
      await writeFile(file, code);
      const result = (await runModule(file)) as { code: number; stdout: string; stderr: string };
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
    },
  );
});
