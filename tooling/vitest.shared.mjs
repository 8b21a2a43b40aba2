// Shared vitest settings. Tests here start real processes (tofu, provider plugins, the Go
// oracles), so each test may take longer than vitest's 5 s default on a busy machine. The limit
// is a guard against hangs, not a timing assertion: timings belong in apps/bench.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { configDefaults } from "vitest/config";

export const sharedTestConfig = {
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache at the
    // workspace root, keyed by each file's content and id), so a second run in the same clone
    // reads the TypeScript it compiled the first time: about a fifth of a unit package's CPU.
    // A fresh install starts it empty; `vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
  },
};

/**
 * What marks a test file that needs modules of its own: vi.mock (which only replaces a module
 * before anything has imported it), or the comment `vitest: own modules` in a file that
 * depends on state a module sets up on first use (such as the provider's logger reading
 * TF_LOG_PROVIDER) and so must be the first to use it.
 */
const OWN_MODULES = /\bvi\.mock\(|vitest: own modules/;

/** The test files under `root`/src that need modules of their own, relative to `root`. */
function filesNeedingOwnModules(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.[cm]?[jt]s$/.test(entry.name) && OWN_MODULES.test(readFileSync(path, "utf8")))
        found.push(relative(root, path));
    }
  };
  walk(join(root, "src"));
  return found.sort();
}

/**
 * sharedTestConfig for a package of many test files: the files a worker runs share one module
 * registry (vitest's isolate: false), so the package's modules are loaded once per worker
 * rather than once per file. Loading them again for each file was most of the unit packages'
 * test time (the framework's tests took 49 s of CPU isolated, 8 s shared) and a tenth of the
 * packages whose tests drive tofu. The files that need modules of their own (see
 * OWN_MODULES) run in a second project, isolated. `root` is the package's directory (the
 * config file's).
 */
export function sharedModulesTestConfig(root) {
  const own = filesNeedingOwnModules(root);
  const projects = [
    {
      extends: true,
      test: { name: "shared modules", isolate: false, exclude: [...configDefaults.exclude, ...own] },
    },
  ];
  if (own.length > 0) projects.push({ extends: true, test: { name: "own modules", include: own } });
  return { test: { ...sharedTestConfig.test, projects } };
}
