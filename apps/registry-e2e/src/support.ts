// What every registry test needs: the registry the global setup started, fresh projects outside
// the repository that know only that registry, and npm (or any command) run as a new user would
// run it, without the settings pnpm and vitest put into this workspace's environment.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The local registry's URL, ending in a slash (http://127.0.0.1:<port>/). */
    registryUrl: string;
    /** An npmrc that may publish to the local registry (its auth token and registry only). */
    publishUserconfig: string;
    /** A folder holding the staged release (VERS's stageRelease output), for patch releases. */
    releaseWorkDir: string;
    /** The versions the global setup published, by package name. */
    publishedVersions: Record<string, string>;
    /**
     * npm's cache for this run only: npx keeps what it installs there by package spec, so a
     * shared cache could hand a test the `tsvider@0.1.0` of an earlier run's registry.
     */
    npmCache: string;
    /** The user's npmrc: the local registry, for every scope, and nothing else. */
    userNpmrc: string;
  }
}

/** The URL of the registry the global setup started and published every package to. */
export function registryUrl(): string {
  return inject("registryUrl");
}

/** The versions the global setup published, by package name (e.g. `tsvider` → `0.1.0`). */
export function publishedVersions(): Record<string, string> {
  return inject("publishedVersions");
}

const projects: string[] = [];

/**
 * A new folder under the system's temporary directory (never inside this repository, so no
 * workspace package.json, pnpm-workspace.yaml or node_modules above it can be found), with an
 * .npmrc naming the local registry as the only one, and `files` (relative paths) written into it.
 */
/** Every file under `dir`, by path relative to it, as newProject takes them. */
export function fixtureFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = readFileSync(path, "utf8");
  }
  return files;
}

export async function newProject(name: string, files: Record<string, string> = {}): Promise<string> {
  const base = await realpath(await mkdtemp(join(tmpdir(), `tsvider-registry-${name}-`)));
  projects.push(base);
  const root = join(base, name);
  await mkdir(root, { recursive: true });
  await writeFile(join(root, ".npmrc"), projectNpmrc(registryUrl()));
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return root;
}

/** The .npmrc of a project that knows only the local registry, for every scope. */
export function projectNpmrc(registry: string): string {
  return [`registry=${registry}`, "audit=false", "fund=false", "update-notifier=false", ""].join("\n");
}

/** Removes every folder newProject made in this test file (call from afterAll). */
export async function removeProjects(): Promise<void> {
  for (const dir of projects.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** npm settings that say how to reach a network stay (cache, proxies, certificates); not which registry. */
const KEPT_NPM_CONFIG = /^npm_config_(cache|(https_|http_|no_)?proxy|noproxy|strict_ssl|cafile|ca)$/i;

/**
 * The environment of a person in a fresh project: without what pnpm and vitest set for this
 * workspace's scripts (npm_config_*, npm_package_*, npm_lifecycle_*, npm_execpath, the
 * workspace's node_modules/.bin on PATH), which would otherwise reach the project's npm and
 * point it at this workspace or at another registry.
 */
export function standaloneEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || key === "FORCE_COLOR") continue;
    if (
      /^(npm_execpath|npm_node_execpath|npm_command|PNPM_SCRIPT_SRC_DIR|INIT_CWD|VITEST.*|TEST|NODE_ENV)$/i.test(
        key,
      )
    )
      continue;
    if (/^npm_config_/i.test(key) && !KEPT_NPM_CONFIG.test(key)) continue;
    clean[key] = value;
  }
  // pnpm puts the workspace's node_modules/.bin folders first on PATH for its scripts: a new user
  // has none of them, so no `tsvider` or `vitest` of this repository may be found there.
  const path = env.PATH ?? env.Path;
  if (path !== undefined) {
    clean.PATH = path
      .split(delimiter)
      .filter(
        (dir) =>
          !/[\\/]node_modules[\\/]\.bin$/.test(dir) && !/[\\/]pnpm[\\/]dist[\\/]node-gyp-bin$/.test(dir),
      )
      .join(delimiter);
  }
  const provided = providedOrUndefined();
  if (provided !== undefined) {
    clean.npm_config_cache = provided.npmCache;
    clean.npm_config_userconfig = provided.userNpmrc;
  }
  clean.NO_COLOR = "1";
  clean.NO_UPDATE_NOTIFIER = "1";
  return clean;
}

/** The run's npm cache and user npmrc, or undefined outside a vitest worker. */
function providedOrUndefined(): { npmCache: string; userNpmrc: string } | undefined {
  try {
    const npmCache = inject("npmCache");
    const userNpmrc = inject("userNpmrc");
    return npmCache === undefined || userNpmrc === undefined ? undefined : { npmCache, userNpmrc };
  } catch {
    return undefined;
  }
}

export interface RunOptions {
  readonly cwd: string;
  /** Extra variables over the clean environment (standaloneEnv of this process's). */
  readonly env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
}

/** A failed command, with everything needed to see why without running it again. */
export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly cwd: string,
    readonly exitCode: number | string | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(
      `${command} failed (exit ${String(exitCode)}) in ${cwd}\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`,
    );
    this.name = "CommandError";
  }
}

/** The end of a long output, where the reason for a failure usually is. */
function tail(text: string, max = 20_000): string {
  return text.length <= max ? text : `[… ${text.length - max} characters before]\n${text.slice(-max)}`;
}

/**
 * Runs `cmd` with `args` in a clean environment (standaloneEnv plus `env`); resolves with its
 * output, or rejects with a CommandError naming the command, the folder and both outputs.
 */
export function run(cmd: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const env = { ...standaloneEnv(process.env), ...options.env };
  const shown = [cmd, ...args].join(" ");
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      { cwd: options.cwd, env, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ stdout, stderr });
          return;
        }
        const code = (error as NodeJS.ErrnoException & { code?: number | string }).code ?? null;
        reject(new CommandError(shown, options.cwd, code, stdout ?? "", stderr ?? `${error.message}`));
      },
    );
  });
}

export interface NpmOptions {
  readonly env?: NodeJS.ProcessEnv;
  /**
   * A Node binary to run npm and everything it starts with (put first on PATH), e.g. the
   * machine's own Node; npm itself is the one this process finds (see npmCli).
   */
  readonly node?: string;
}

/** npm as a new user runs it in `cwd`: only the project's .npmrc says where packages come from. */
export function npm(cwd: string, args: readonly string[], options: NpmOptions = {}): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = { ...options.env };
  let cmd = "npm";
  let argv = [...args];
  if (options.node !== undefined) {
    const base = standaloneEnv(process.env);
    env.PATH = [dirname(options.node), env.PATH ?? base.PATH ?? ""].join(delimiter);
    // npm's own script, run by the chosen Node, so npm's children find that Node first on PATH.
    cmd = options.node;
    argv = [npmCli(), ...args];
  }
  return run(cmd, argv, { cwd, env });
}

/**
 * npm's own script: the one installed beside the Node running this process, else (a Node
 * that came as a lone binary, such as the LTS `./dev test` runs on) the npm first on PATH.
 */
function npmCli(): string {
  const prefix = dirname(dirname(process.execPath));
  const beside =
    process.platform === "win32"
      ? join(dirname(process.execPath), "node_modules", "npm", "bin", "npm-cli.js")
      : join(prefix, "lib", "node_modules", "npm", "bin", "npm-cli.js");
  if (existsSync(beside)) return beside;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const npm = join(dir, process.platform === "win32" ? "npm.cmd" : "npm");
    if (!existsSync(npm)) continue;
    // On Unix, bin/npm is a link to npm-cli.js; on Windows, npm.cmd sits beside node_modules.
    const cli =
      process.platform === "win32"
        ? join(dir, "node_modules", "npm", "bin", "npm-cli.js")
        : realpathSync(npm);
    if (existsSync(cli)) return cli;
  }
  throw new Error(`no npm beside ${process.execPath} nor on PATH: install npm, or put it on PATH`);
}

/** Every version of `name` in `npm ls --json` output, one entry per place it is listed. */
export function collectVersions(tree: unknown, name: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const deps = (node as { dependencies?: Record<string, unknown> }).dependencies ?? {};
    for (const [dep, child] of Object.entries(deps)) {
      if (dep === name) {
        const version = (child as { version?: unknown }).version;
        if (typeof version === "string") found.push(version);
      }
      visit(child);
    }
  };
  visit(tree);
  return found;
}
