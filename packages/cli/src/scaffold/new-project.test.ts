// `tsvider new` then the new project's own tests: its dependencies are installed with npm from
// tarballs of this workspace's packages (what publishing would ship), its acceptance tests run
// on the real tofu, and it typechecks. Expected run time: about 20 s (npm install from a
// warm npm cache, then four acceptance tests of a few tofu runs each), a minute or more on a cold
// one. It packs the packages' dist folders as they are: build them first (turbo does).
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { tofuOrUndefined } from "../cli/run.test-support.js";
import { createProject } from "./new.js";

const run = promisify(execFile);
const packagesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The published packages a new project pulls in, by name and workspace folder. */
const WORKSPACE_PACKAGES = {
  "@tsvider/cty": "cty",
  "@tsvider/hcl": "hcl",
  "@tsvider/rpcplugin": "rpcplugin",
  "@tsvider/framework": "framework",
  "@tsvider/conformance": "conformance",
  tsvider: "cli",
} as const;

/** npm settings that say where packages come from stay (registry, cache, proxies, certificates). */
const KEPT_NPM_CONFIG =
  /^npm_config_(registry|cache|userconfig|globalconfig|(https_|http_|no_)?proxy|noproxy|strict_ssl|cafile|ca)$/i;

/**
 * The environment of a person in a fresh project: without what pnpm and vitest set for this
 * workspace's scripts (npm_config_*, npm_package_*, npm_lifecycle_*), which would otherwise
 * reach the new project's npm.
 */
function standaloneEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || key === "FORCE_COLOR") continue;
    if (/^npm_config_/i.test(key) && !KEPT_NPM_CONFIG.test(key)) continue;
    clean[key] = value;
  }
  return clean;
}

const tofu = tofuOrUndefined();

describe.skipIf(tofu === undefined)(
  "tsvider new, then the project's own tests (needs tofu: set TSVIDER_TOFU)",
  () => {
    const roots: string[] = [];
    afterAll(async () => {
      for (const root of roots) await rm(root, { recursive: true, force: true });
    });

    it("makes a project whose acceptance tests pass and which typechecks", { timeout: 600_000 }, async () => {
      const root = await mkdtemp(join(tmpdir(), "tsvider-new-e2e-"));
      roots.push(root);
      const tarballs = join(root, "tarballs");
      const specs: Record<string, string> = {};
      for (const [name, folder] of Object.entries(WORKSPACE_PACKAGES)) {
        const before = new Set(await readdir(tarballs).catch(() => []));
        await run("pnpm", ["pack", "--pack-destination", tarballs], { cwd: join(packagesDir, folder) });
        const made = (await readdir(tarballs)).find((f) => !before.has(f));
        if (made === undefined) throw new Error(`pnpm pack made no tarball for ${name}`);
        specs[name] = `file:${join(tarballs, made)}`;
      }

      const project = await createProject({ type: "widgets", namespace: "acme", cwd: root });
      expect(project.root).toBe(join(root, "terraform-provider-widgets"));

      // What the published versions would resolve to, taken from the tarballs instead; npm
      // accepts an override of a direct dependency only when both say the same.
      const pkgFile = join(project.root, "package.json");
      const pkg = JSON.parse(await readFile(pkgFile, "utf8")) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
        overrides?: Record<string, string>;
      };
      for (const deps of [pkg.dependencies, pkg.devDependencies]) {
        for (const name of Object.keys(deps)) if (specs[name] !== undefined) deps[name] = specs[name];
      }
      pkg.overrides = specs;
      await writeFile(pkgFile, JSON.stringify(pkg, null, 2));

      const env = standaloneEnv({ ...process.env, TSVIDER_TOFU: tofu, NO_COLOR: "1" });
      await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: project.root,
        env,
        maxBuffer: 64 * 1024 * 1024,
      });
      const tests = await run("npm", ["test"], { cwd: project.root, env, maxBuffer: 64 * 1024 * 1024 }).catch(
        (err: { stdout?: string; stderr?: string }) => {
          throw new Error(`npm test failed in the new project:\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
        },
      );
      expect(tests.stdout).toMatch(/Tests\s+4 passed/);
      await run("npm", ["run", "typecheck"], { cwd: project.root, env }).catch(
        (err: { stdout?: string; stderr?: string }) => {
          throw new Error(
            `npm run typecheck failed in the new project:\n${err.stdout ?? ""}\n${err.stderr ?? ""}`,
          );
        },
      );
    });
  },
);
