// `./dev test --changed` (or `pnpm run test:changed`): the inner loop. Lint, typecheck and the
// tests of only the packages a change touches and those that depend on them, against the point
// where this branch left main: the merge base with origin/main, else with main (TSVIDER_BASE,
// or --base REF, picks another). Uncommitted and untracked files count as changed.
//
// Which steps run:
//   lint             Biome on the changed files, and `changeset status`
//   typecheck, test  turbo's `--filter=...[BASE]`: the changed packages and their dependents;
//                    every package when something they all use changed (tooling/test, the Go
//                    oracles, the specsuite, the pinned hosts, root package.json, the lock file)
//   packaging        tooling/packaging/check.mjs for the changed publishable packages
//   release, lts, actionlint   when their own files (or what they test) changed
//   conformance      when the reference provider or anything it depends on changed
// Everything else is listed in the summary as not run, with the reason; `./dev test` runs all.
// --dry-run prints the steps it would run, and runs none.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runSteps } from "./steps.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const git = (...args) =>
  execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
const quote = (s) => `'${s.replaceAll("'", `'\\''`)}'`;

function fail(message) {
  process.stderr.write(`[test:changed] ${message}\n`);
  process.exit(2);
}

/** The commit to compare with: --base REF, TSVIDER_BASE, else where HEAD left origin/main or main. */
function base() {
  const args = process.argv.slice(2);
  const known = new Set(["--base", "--dry-run"]);
  for (const [i, a] of args.entries()) {
    if (a.startsWith("-") && !known.has(a)) fail(`unknown option ${a}; known: --base REF, --dry-run`);
    if (!a.startsWith("-") && args[i - 1] !== "--base")
      fail(`unexpected argument ${a}; known: --base REF, --dry-run`);
  }
  const at = args.indexOf("--base");
  const given = at >= 0 ? args[at + 1] : process.env.TSVIDER_BASE;
  if (at >= 0 && given === undefined) fail("--base needs a git revision, e.g. --base origin/main");
  for (const ref of given ? [given] : ["origin/main", "main"]) {
    try {
      return { ref, commit: git("merge-base", "HEAD", ref) };
    } catch {
      if (given)
        fail(
          `cannot compare with ${ref}: git merge-base HEAD ${ref} failed. Name a branch or commit this repository has.`,
        );
    }
  }
  fail(
    "found neither origin/main nor main to compare with. Fetch main, or name the base: ./dev test --changed --base REF.",
  );
}

const { ref, commit } = base();
// Changed against the base: committed since, staged, unstaged, and untracked (not ignored).
const changed = [
  ...new Set([
    ...git("diff", "--name-only", "--no-renames", commit).split("\n"),
    ...git("ls-files", "--others", "--exclude-standard").split("\n"),
  ]),
].filter((f) => f !== "");
const present = changed.filter((f) => existsSync(join(repo, f)));

// Files every package's tests use without turbo knowing: a change there widens to all packages.
const sharedByAll =
  /^(tooling\/(test|oracles|hcl-specsuite|opentofu|terraform|lib|vitest\.shared\.mjs|tsconfig\.base\.json)|package\.json$|pnpm-lock\.yaml$|pnpm-workspace\.yaml$|turbo\.json$)/;
const widened = changed.filter((f) => sharedByAll.test(f));
const filter = widened.length > 0 ? [] : [`--filter=...[${commit}]`];

const turbo = join(repo, "node_modules/.bin/turbo");
let listed;
try {
  listed = execFileSync(turbo, ["ls", ...filter, "--output=json"], {
    cwd: repo,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
} catch (error) {
  fail(
    `turbo could not list the changed packages (turbo ls ${filter.join(" ")}): ${error.stderr || error.message}`,
  );
}
const packages = JSON.parse(listed.slice(listed.indexOf("{"))).packages.items;
const names = new Set(packages.map((p) => p.name));
const touched = (re) => changed.some((f) => re.test(f));

process.stderr.write(
  `[test:changed] against ${ref} (merge base ${commit.slice(0, 12)}): ${changed.length} files changed\n` +
    (widened.length > 0
      ? `[test:changed] every package: shared test inputs changed (${widened.slice(0, 3).join(", ")}${widened.length > 3 ? ", …" : ""})\n`
      : "") +
    `[test:changed] packages: ${packages.length === 0 ? "none" : packages.map((p) => p.name).join(", ")}\n`,
);

const notNeeded = "nothing it checks changed";
const lintable = present.filter((f) => /\.(m?[jt]sx?|c[jt]s|json|jsonc|css)$/.test(f));
const publishable = packages.filter((p) => p.path.startsWith("packages/")).map((p) => p.path);
const steps = [
  lintable.length > 0
    ? {
        name: "lint",
        // Past a few hundred files, checking them all is as quick and keeps the command short.
        command: `biome check ${lintable.length > 300 ? "." : `--no-errors-on-unmatched --files-ignore-unknown=true ${lintable.map(quote).join(" ")}`} && changeset status >/dev/null`,
      }
    : { name: "lint", skip: "no file Biome checks changed" },
  touched(/^(packages\/framework\/src\/|\.dependency-cruiser\.cjs$)/)
    ? { name: "layers", command: "depcruise packages/framework/src --config .dependency-cruiser.cjs" }
    : { name: "layers", skip: "no framework source changed" },
  touched(/^(\.github\/|tooling\/actionlint\/)/)
    ? { name: "actionlint", command: "tooling/actionlint/check" }
    : { name: "actionlint", skip: notNeeded },
  { name: "gen:check", skip: "./dev test runs it" },
  packages.length > 0
    ? { name: "typecheck test", command: `turbo run typecheck test --continue ${filter.join(" ")}`.trim() }
    : { name: "typecheck test", skip: "no package changed" },
  publishable.length > 0 || touched(/^tooling\/packaging\//)
    ? {
        name: "test:packaging",
        command:
          `node tooling/packaging/check.mjs ${touched(/^tooling\/packaging\//) ? "" : publishable.join(" ")}`.trim(),
      }
    : { name: "test:packaging", skip: "no published package changed" },
  touched(/^(tooling\/release\/|\.changeset\/)/)
    ? { name: "test:release", command: "pnpm run test:release" }
    : { name: "test:release", skip: notNeeded },
  touched(/^tooling\/node-lts\//) || names.has("@tsvider/framework") || names.has("tsvider")
    ? { name: "test:other-node", command: "pnpm run test:other-node" }
    : { name: "test:other-node", skip: "neither the framework nor the scaffold changed" },
  names.has("@tsvider/conformance-runner")
    ? { name: "conformance", command: "pnpm run conformance" }
    : { name: "conformance", skip: "neither the reference provider nor anything it depends on changed" },
];
if (process.argv.includes("--dry-run")) {
  for (const step of steps) {
    process.stdout.write(`${step.name}: ${step.command ?? `not run (${step.skip})`}\n`);
  }
} else {
  process.exitCode = await runSteps("./dev test --changed", steps);
}
