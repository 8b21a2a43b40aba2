// The previous commit's tsvider, for the peers bench's regression column: `git worktree add`
// of that commit into a temporary directory outside the repository (the repository's index and
// working tree are left alone), `pnpm install --frozen-lockfile --offline` there (from pnpm's
// store; online only when the store lacks a package), then turbo builds the reference provider
// and what it depends on, with the task cache `./dev` uses, so a commit built before is restored
// in seconds. Anything that fails is returned as a reason for the table's footnote rather than
// thrown: the other columns are measured either way.
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface Baseline {
  readonly commit: string;
  /** The first line of its message. */
  readonly subject: string;
  /** Its reference provider as the examples run it, the bundled script. */
  readonly referenceScript: string;
  /** Its @tsvider/cty package directory, built (cty-rounds.ts loads it from there). */
  readonly ctyDir: string;
  /**
   * Bundles `entry` as a provider with that commit's bundler and framework: `entry` and the
   * modules beside it in `sources` are copied into the worktree's apps/bench/src, so that their
   * imports resolve to that commit's packages.
   */
  bundle(sources: readonly string[], entry: string, outfile: string): Promise<void>;
  /** Removes the worktree. */
  remove(): Promise<void>;
}

export type BaselineResult =
  | { readonly ok: true; readonly baseline: Baseline }
  | { readonly ok: false; readonly commit?: string; readonly reason: string };

/** Builds the commit `ref` names (such as HEAD~1) of the repository at `repo`. */
export async function buildBaseline(
  repo: string,
  ref: string,
  log: (line: string) => void,
): Promise<BaselineResult> {
  let commit: string;
  let subject: string;
  try {
    commit = (await run("git", ["-C", repo, "rev-parse", "--verify", `${ref}^{commit}`])).stdout.trim();
    subject = (await run("git", ["-C", repo, "log", "-1", "--format=%s", commit])).stdout.trim();
  } catch (error) {
    return { ok: false, reason: `git could not find ${ref} (${lastLines(error)})` };
  }
  const dir = await mkdtemp(join(tmpdir(), `tsvider-bench-baseline-${commit.slice(0, 12)}-`));
  const remove = async () => {
    await run("git", ["-C", repo, "worktree", "remove", "--force", dir]).catch(() => {});
    await rm(dir, { recursive: true, force: true });
    await run("git", ["-C", repo, "worktree", "prune"]).catch(() => {});
  };
  const step = async (what: string, file: string, args: readonly string[]) => {
    try {
      await run(file, args, { cwd: dir, env: childEnv(), maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      throw new Error(`${what} failed: ${lastLines(error)}`);
    }
  };
  try {
    log(`building the reference provider of ${commit.slice(0, 12)} (${ref}) in a worktree at ${dir}`);
    await step("git worktree add", "git", ["-C", repo, "worktree", "add", "--detach", dir, commit]);
    try {
      await step("pnpm install --offline", "pnpm", [
        "install",
        "--frozen-lockfile",
        "--offline",
        "--reporter=silent",
      ]);
    } catch {
      log("pnpm's store lacks a package of that commit: installing from the registry");
      await step("pnpm install", "pnpm", [
        "install",
        "--frozen-lockfile",
        "--prefer-offline",
        "--reporter=silent",
      ]);
    }
    await step("turbo run build", "pnpm", [
      "exec",
      "turbo",
      "run",
      "build",
      "--filter=terraform-provider-tsvider...",
      "--output-logs=errors-only",
    ]);
  } catch (error) {
    await remove();
    return { ok: false, commit, reason: error instanceof Error ? error.message : String(error) };
  }
  const baseline: Baseline = {
    commit,
    subject,
    referenceScript: join(dir, "apps/terraform-provider-tsvider/dist/terraform-provider-tsvider.cjs"),
    ctyDir: join(dir, "packages/cty"),
    async bundle(sources, entry, outfile) {
      const into = join(dir, "apps/bench/src");
      for (const source of sources) await copyFile(source, join(into, basename(source)));
      const cli = (await import(pathToFileURL(join(dir, "packages/cli/dist/index.js")).href)) as {
        bundleProvider(options: { entry: string; outfile: string; projectRoot: string }): Promise<unknown>;
      };
      await cli.bundleProvider({
        entry: join(into, basename(entry)),
        outfile,
        projectRoot: join(dir, "apps/bench"),
      });
    },
    remove,
  };
  return { ok: true, baseline };
}

/**
 * This process's environment for pnpm and turbo in the worktree, without what an enclosing
 * `pnpm run` or turbo task set for this repository, and with turbo's cache where `./dev` keeps it.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|PNPM_|TURBO_)/i.test(key)) env[key] = value;
  }
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache");
  env.TURBO_CACHE_DIR = process.env.TURBO_CACHE_DIR ?? join(cache, "tsvider/turbo");
  return env;
}

/** The end of a failed command's error output, where it says what went wrong. */
function lastLines(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  const text = stderr || (error instanceof Error ? error.message : String(error));
  return text.split("\n").slice(-3).join(" ").trim();
}
