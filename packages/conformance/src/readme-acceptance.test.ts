// The README's "Tests against real infrastructure" examples, run as written: its test file and
// its sweepers module, compiled as they are, beside a provider.js standing in for the project's
// provider and database server (an example_database resource over a Map of this process, with a
// journal file of what happened on the "server"). They run under vitest in a child process, the
// way a provider author runs them, so what vitest prints (tests skipped with their reasons) is
// what is checked.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { runModule } from "../../../tooling/test/readme-example.mjs";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const dir = join(packageDir, ".readme-example", "infrastructure");
const vitest = join(packageDir, "node_modules", "vitest", "vitest.mjs");

// The stand-in: the provider the example imports, and `databases`, its client for the server.
const providerModule = `import { appendFileSync } from "node:fs";
import { attr, defineProvider, defineResource, t } from "@tsvider/framework";

const server = new Map();
let serial = 0;
const journal = (line) => appendFileSync(process.env.EXAMPLE_DB_JOURNAL, line + "\\n");
for (const name of (process.env.EXAMPLE_DB_LEFTOVERS ?? "").split(",").filter(Boolean)) {
  server.set("left-" + name, { id: "left-" + name, name });
}

export const databases = {
  async ping() { return process.env.EXAMPLE_DB_URL !== "down"; },
  async get(id) { return server.get(id); },
  async list() { return [...server.values()]; },
  async drop(id) { journal("drop " + server.get(id)?.name); server.delete(id); },
};

const database = defineResource({
  typeName: "example_database",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true, requiresReplace: true }),
    extensions: attr.set(t.string, { optional: true }),
    size_limit: attr.number({ optional: true }),
    settings: attr.map(t.string, { computed: true }),
  },
  async create({ plan }) {
    const db = { ...plan, id: "db" + ++serial, settings: { encoding: "UTF8", collation: "C" } };
    server.set(db.id, db);
    journal("create " + db.name);
    return { ...db };
  },
  async read({ state }) { const db = server.get(state.id); return db ? { ...db } : null; },
  async update({ plan, state }) {
    const db = { ...plan, id: state.id, settings: state.settings };
    server.set(db.id, db);
    journal("update " + db.name);
    return { ...db };
  },
  async delete({ state }) { await databases.drop(state.id); },
});

export const provider = defineProvider({ name: "example", version: "0.1.0", resources: [database] });
`;

/** The README's ```ts blocks of the section, in order. */
async function sectionExamples(): Promise<string[]> {
  const readme = await readFile(join(packageDir, "README.md"), "utf8");
  const start = readme.indexOf("### Tests against real infrastructure");
  const section = readme.slice(start, readme.indexOf("\n## ", start));
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const journalFile = join(dir, "journal.txt");

beforeAll(async () => {
  const [testFile, sweepersFile, ...rest] = await sectionExamples();
  expect(rest).toEqual([]);
  expect(testFile).toContain("acceptanceTest(");
  expect(sweepersFile).toContain("defineSweepers(");
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const compile = async (source: string) =>
    (await transform(source, { loader: "ts", format: "esm", target: "node20" })).code;
  await writeFile(join(dir, "database.test.mjs"), await compile(testFile!));
  await writeFile(join(dir, "sweepers.js"), await compile(sweepersFile!));
  await writeFile(join(dir, "provider.js"), providerModule);
  await writeFile(
    join(dir, "vitest.config.mjs"),
    'export default { test: { include: ["database.test.mjs"], testTimeout: 120000 } };\n',
  );
});

/** Runs the example under vitest with `env`; returns vitest's output and the server's journal. */
async function runExample(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string; journal: string[] }> {
  await writeFile(journalFile, "");
  const base = { ...process.env };
  for (const name of ["EXAMPLE_DB_URL", "TSVIDER_ACC", "EXAMPLE_DB_LEFTOVERS"]) delete base[name];
  const result = (await runModule(
    vitest,
    ["run", "--root", dir, "--reporter", "verbose"],
    { ...base, NO_COLOR: "1", FORCE_COLOR: "0", EXAMPLE_DB_JOURNAL: journalFile, ...env },
    dir,
  )) as { code: number; stdout: string; stderr: string };
  const journal = (await readFile(journalFile, "utf8")).split("\n").filter(Boolean);
  return { code: result.code, output: result.stdout + result.stderr, journal };
}

describe("the README's tests against real infrastructure", () => {
  it("run on the server: sweep the leftovers, create, update, replace, destroy; the opt-in one is skipped", async () => {
    const run = await runExample({
      EXAMPLE_DB_URL: "postgres://example",
      EXAMPLE_DB_LEFTOVERS: "tfacc-old,prod-db",
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/✓ .*keeps its id through an update and gets a new one when renamed/);
    expect(run.output).toMatch(
      /↓ .*survives a failover of the cluster .*\[it is opt-in \(optIn: true: it reaches real infrastructure\); set TSVIDER_ACC=1 to run it\]/,
    );
    // The sweepers dropped the test's leftover (not the other database), then the steps ran.
    const [swept, created, updated, ...replaced] = run.journal;
    expect(swept).toBe("drop tfacc-old");
    expect(created).toMatch(/^create tfacc-[a-z0-9]{10}$/);
    const name = created!.slice("create ".length);
    expect(updated).toBe(`update ${name}`);
    expect(replaced).toEqual([`drop ${name}`, `create ${name}-b`, `drop ${name}-b`]);
  });

  it("skip the whole suite, with the reason shown, when EXAMPLE_DB_URL is not set", async () => {
    const run = await runExample({});
    expect(run.code, run.output).toBe(0);
    for (const name of ["keeps its id through an update", "survives a failover of the cluster"]) {
      expect(run.output).toMatch(
        new RegExp(`↓ .*${name}.*\\[EXAMPLE_DB_URL is not set \\(requireEnv\\); set it to run it\\]`),
      );
    }
    expect(run.journal).toEqual([]);
  });

  it("skip through preCheck, with its reason, when the server does not answer", async () => {
    const run = await runExample({ EXAMPLE_DB_URL: "down" });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/↓ .*keeps its id.*\[the server at EXAMPLE_DB_URL does not answer\]/);
    expect(run.journal).toEqual([]);
  });
});
