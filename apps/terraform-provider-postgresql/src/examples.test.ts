// Every example under examples/ through apps/conformance-runner, run as a child process the way
// `pnpm examples --provider apps/terraform-provider-postgresql` runs it: the bundled provider
// (what `pnpm build` makes) installed from a filesystem mirror, then in each cell init, plan,
// apply, the example's checks.mjs (its outputs), a no-op plan and destroy, on the pinned tofu
// and Terraform as each example's requirements.json allows. The runner's environment carries
// the suite's server as PGHOST, PGPORT, PGUSER and PGPASSWORD, which tofu passes on to the
// provider, as the examples say. `--reattach` starts the provider once per cell rather than at
// every command (most of a run's CPU otherwise); `--one-cell-per-example` keeps an example's
// cells from running at once, since both would make the same roles and databases on the one
// server. The test reads the runner's results.json, then checks with SQL that nothing is left.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server, sql } from "../test/support.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// The runner is a devDependency, so turbo builds it before this package's tests.
const RUNNER = join(root, "node_modules", "@tsvider", "conformance-runner", "dist", "main.js");

/** Every directory under examples/ holding a .tf file, relative to examples/, as the runner finds them. */
function examples(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name.endsWith(".tf"))) found.push(dir);
    for (const e of entries) if (e.isDirectory()) walk(join(dir, e.name));
  };
  const base = join(root, "examples");
  walk(base);
  return found.map((dir) => dir.slice(base.length + 1)).sort();
}

/** The binaries the example's requirements.json says it runs on (default: both, as for the runner). */
function writtenFor(name: string): string[] {
  const file = join(root, "examples", name, "requirements.json");
  const binaries = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { binaries?: string[] }).binaries
    : undefined;
  return binaries ?? ["tofu", "terraform"];
}

function pgEnv(): Record<string, string> {
  const s = server();
  return {
    PGHOST: s.host,
    PGPORT: String(s.port),
    PGUSER: s.user,
    PGPASSWORD: s.password,
    PGDATABASE: "postgres",
  };
}

/** Runs node with `args`; resolves to the exit code and the output, stdout and stderr interleaved. */
function runNode(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      output += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      output += c;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The part of the runner's results.json this test reads (apps/conformance-runner/src/report.ts). */
interface RunnerReport {
  readonly ok: boolean;
  readonly provider: { readonly source?: string; readonly version: string };
  readonly binaries: readonly {
    readonly label: string;
    readonly version?: string;
    readonly missing?: string;
  }[];
  readonly summary: Record<string, Record<string, number>>;
  readonly results: readonly {
    readonly example: string;
    readonly binary: string;
    readonly status: string;
    readonly steps: readonly string[];
    readonly reattached?: true;
    readonly failure?: { readonly step: string; readonly message: string };
  }[];
}

let reportDir: string;
beforeAll(async () => {
  reportDir = await mkdtemp(join(tmpdir(), "tsvider-postgresql-examples-"));
});
afterAll(() => rm(reportDir, { recursive: true, force: true }));

describe("examples", () => {
  it("checks the output of every example that has one, in its checks.mjs", () => {
    const unchecked = examples().filter((name) => {
      const dir = join(root, "examples", name);
      const tf = readdirSync(dir)
        .filter((f) => f.endsWith(".tf"))
        .map((f) => readFileSync(join(dir, f), "utf8"))
        .join("\n");
      const checks = join(dir, "checks.mjs");
      return (
        /^output\s+"/m.test(tf) &&
        !(existsSync(checks) && /\bafterApply\b/.test(readFileSync(checks, "utf8")))
      );
    });
    expect(unchecked).toEqual([]);
  });

  it("each applies, plans no change and destroys through the conformance runner, leaving nothing", async () => {
    expect(
      existsSync(RUNNER),
      `${RUNNER} does not exist: build the runner (pnpm --filter @tsvider/conformance-runner build)`,
    ).toBe(true);
    const names = examples();
    const run = await runNode(
      [
        RUNNER,
        "examples",
        "--provider",
        root,
        "--reattach",
        "--one-cell-per-example",
        "--jobs",
        "2",
        "--report-dir",
        reportDir,
      ],
      // The pinned pair only (TSVIDER_TOFU, TSVIDER_TERRAFORM), whatever extras the machine lists.
      { ...process.env, ...pgEnv(), TSVIDER_EXTRA_BINARIES: "" },
    );
    const report = JSON.parse(await readFile(join(reportDir, "results.json"), "utf8")) as RunnerReport;
    const failures = report.results
      .filter((r) => r.status !== "pass" && r.status !== "skip")
      .map((r) => `${r.example} [${r.binary}] ${r.status} at ${r.failure?.step}: ${r.failure?.message}`);
    expect(failures, run.output).toEqual([]);
    expect(run.code, run.output).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.provider).toMatchObject({ source: "tsvider/postgresql" });
    expect(report.binaries.map((b) => [b.label, b.missing])).toEqual([
      ["tofu", undefined],
      ["terraform", undefined],
    ]);
    // The pinned hosts are new enough for every example's minVersions: a cell is skipped only on
    // a binary its requirements.json does not name.
    const counts = (binary: string) => {
      const runs = names.filter((n) => writtenFor(n).includes(binary)).length;
      return { passed: runs, failed: 0, skipped: names.length - runs, expectedFailures: 0, fixed: 0 };
    };
    expect(report.summary).toEqual({ tofu: counts("tofu"), terraform: counts("terraform") });
    expect(report.results.map((r) => `${r.example} ${r.binary}`)).toEqual(
      names.flatMap((n) => [`${n} tofu`, `${n} terraform`]),
    );
    for (const r of report.results.filter((c) => c.status === "pass")) {
      // One provider process per cell, attached to by every command after init.
      expect(r.reattached, `${r.example} [${r.binary}]`).toBe(true);
      expect(r.steps, `${r.example} [${r.binary}]`).toEqual(
        expect.arrayContaining([
          "init",
          "lock file",
          "provider started in debug mode",
          "checks after apply",
          "no-op plan",
        ]),
      );
    }

    const left = await sql(
      "postgres",
      "SELECT rolname AS name FROM pg_roles WHERE rolname LIKE 'example\\_%' UNION ALL SELECT datname FROM pg_database WHERE datname LIKE 'example\\_%'",
    );
    expect(left).toEqual([]);
    // Every example through two hosts in one test: about a minute on a quiet machine, several on
    // a busy one with cold caches (a fresh machine's CI went past two). A guard against a hang,
    // not a timing.
  }, 900_000);
});
