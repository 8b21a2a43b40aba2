// Making a Node single executable application from a bundled script: a SEA configuration, the
// preparation blob Node writes from it, and the blob injected into a copy of the target
// platform's Node binary. A Node that has `--build-sea` (Node 25 and newer) does all of it
// in one step; older ones (20, 22, 24) write the blob with `--experimental-sea-config` and
// postject injects it. The blob must be made by a Node of the same version as the binary it
// goes into, so the caller passes both: `maker` runs here, `target` is copied.
// The same script and Node give the same bytes: the maker runs in the script's directory and
// the configuration names the script by its file name alone (the blob records that name,
// and a temporary directory's would differ from build to build), and V8's code cache, which
// differs from one run to the next, stays out of the blob unless the caller asks for it.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, copyFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, delimiter, dirname, join } from "node:path";
import { CliError, type Progress } from "../cli/command.js";
import type { NodeBinary } from "./node-binary.js";

/**
 * How long making a start-up snapshot may take: the main script's evaluation and the warm-up,
 * seconds on a busy machine; far longer means its event loop never empties.
 */
const SNAPSHOT_BUILD_TIMEOUT_MS = 120_000;

/** The string Node's binary carries where postject flips the "a blob is injected" flag. */
export const SEA_SENTINEL_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
/** The resource (ELF note, PE resource, Mach-O section) Node looks for its blob in. */
export const SEA_RESOURCE = "NODE_SEA_BLOB";

export interface SingleExecutableOptions {
  /**
   * The bundled provider: one CommonJS script. The blob records its file name (not its
   * directory), so give it a fixed one.
   */
  readonly script: string;
  /** A scratch directory for the configuration and the blob. */
  readonly workDir: string;
  /** Where the executable is written. */
  readonly output: string;
  /** The target platform's Node binary, copied into the output. */
  readonly target: NodeBinary;
  /** A Node of the same version that runs on this machine, which makes the blob. */
  readonly maker: NodeBinary;
  /**
   * Put V8's compiled code in the blob (default false). It is only valid for the V8 version
   * and CPU that made it, and V8 writes it differently on every run, so a blob with it is
   * never the same twice: tsvider's builds leave it out and the launcher inside the script
   * keeps the compiled code in the user's cache from the first start on.
   */
  readonly useCodeCache?: boolean;
  /**
   * Run the script at build time and keep its heap as a V8 start-up snapshot (default false):
   * every start restores the evaluated modules instead of evaluating them. The script must be
   * bundled for it (bundleProvider's `snapshot`), the maker must be the target's own Node
   * (a snapshot holds that Node's machine code), and the result is not the same bytes twice.
   */
  readonly useSnapshot?: boolean;
  /** How long making the snapshot may take; default two minutes (for tests). */
  readonly snapshotTimeoutMs?: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly progress?: Progress;
  readonly signal?: AbortSignal;
}

export interface SingleExecutableResult {
  /** How the blob went in. */
  readonly method: "build-sea" | "postject";
  /** A darwin executable was re-signed (ad hoc, with rcodesign); false when it still needs signing. */
  readonly signed: boolean;
}

export async function makeSingleExecutable(
  options: SingleExecutableOptions,
): Promise<SingleExecutableResult> {
  const { maker, target, workDir, progress } = options;
  const config = join(workDir, "sea-config.json");
  const useSnapshot = options.useSnapshot === true;
  // Node takes no code cache beside a snapshot, which holds compiled code of its own.
  const useCodeCache = options.useCodeCache === true && !useSnapshot;
  // Run in the script's directory, so the name recorded in the blob is the same in every build.
  const cwd = dirname(options.script);
  const common = {
    main: basename(options.script),
    disableExperimentalSEAWarning: true,
    useCodeCache,
    ...(useSnapshot ? { useSnapshot } : {}),
  };
  // Node warns, once per module, that it has not verified each built-in the script loads in a
  // snapshot; the provider's author cannot act on that, and the warnings would be kept in the
  // snapshot's heap with this build's process id.
  const makerFlags = useSnapshot ? ["--no-warnings"] : [];
  // The snapshot is taken once Node's event loop is empty; a timer, server or socket opened
  // as a module is evaluated keeps it busy for ever.
  const makerTimeout = useSnapshot
    ? {
        timeout: {
          ms: options.snapshotTimeoutMs ?? SNAPSHOT_BUILD_TIMEOUT_MS,
          hangs:
            "the provider's main script was still busy when the start-up snapshot should have been taken. Something at the top of a module keeps Node's event loop alive (an interval timer, a server, an open socket or child process): start it in configure or a handler instead, or build without --snapshot",
        },
      }
    : {};
  const cached = useSnapshot ? "snapshot" : `code cache: ${useCodeCache ? "yes" : "no"}`;
  const explainSnapshotFailure = (error: unknown): never => {
    if (!useSnapshot || !(error instanceof CliError) || error instanceof StillRunning) throw error;
    throw new CliError(
      `${error.message}. Node could not make the start-up snapshot of the provider's evaluated modules: something they made as they were evaluated cannot be kept in one (a handle such as a socket or child process, or tls, http, https or http2 read through a namespace or default import such as \`import * as http\`); move it into configure or a handler, or build without --snapshot`,
      { cause: error },
    );
  };
  let method: SingleExecutableResult["method"];
  if (await hasBuildSea(maker.path, options.signal)) {
    method = "build-sea";
    await writeFile(
      config,
      JSON.stringify({ ...common, executable: target.path, output: options.output }, null, 2),
    );
    progress?.detail(`node --build-sea with Node ${maker.version} (${cached})`);
    await run(maker.path, [...makerFlags, "--build-sea", config], {
      what: "node --build-sea",
      cwd,
      ...makerTimeout,
      ...runOptions(options),
    }).catch(explainSnapshotFailure);
  } else {
    method = "postject";
    const blob = join(workDir, "sea-prep.blob");
    await writeFile(config, JSON.stringify({ ...common, output: blob }, null, 2));
    progress?.detail(`node --experimental-sea-config with Node ${maker.version} (${cached}), then postject`);
    await run(maker.path, [...makerFlags, "--experimental-sea-config", config], {
      what: "node --experimental-sea-config",
      cwd,
      ...makerTimeout,
      ...runOptions(options),
    }).catch(explainSnapshotFailure);
    await copyFile(target.path, options.output);
    await chmod(options.output, 0o755);
    const postjectCli = createRequire(import.meta.url).resolve("postject/dist/cli.js");
    const args = [postjectCli, options.output, SEA_RESOURCE, blob, "--sentinel-fuse", SEA_SENTINEL_FUSE];
    if (target.platform.os === "darwin") args.push("--macho-segment-name", "NODE_SEA");
    // In a child: postject's WebAssembly LIEF holds the whole binary in memory several times
    // over and prints its warnings straight to stderr.
    await run(process.execPath, args, { what: "postject", ...runOptions(options) });
  }
  return { method, signed: target.platform.os === "darwin" ? await signForMacos(options) : false };
}

/** Whether this Node makes executables itself: its --help lists --build-sea (Node 25 and newer). */
async function hasBuildSea(node: string, signal: AbortSignal | undefined): Promise<boolean> {
  const { stdout } = await run(node, ["--help"], {
    what: "node --help",
    ...(signal === undefined ? {} : { signal }),
  });
  return /(^|\s)--build-sea\b/m.test(stdout);
}

/**
 * Injecting the blob breaks the Mach-O signature macOS demands of every arm64 binary. With
 * rcodesign on PATH (any OS), or Apple's codesign (on a Mac), the executable is signed ad hoc
 * here; otherwise the caller warns that it must be signed on macOS.
 */
async function signForMacos(options: SingleExecutableOptions): Promise<boolean> {
  const env = options.env ?? process.env;
  const rcodesign = onPath("rcodesign", env);
  if (rcodesign !== undefined) {
    options.progress?.detail(`signing ${options.output} ad hoc with ${rcodesign}`);
    await run(rcodesign, ["sign", options.output], { what: "rcodesign sign", ...runOptions(options) });
    return true;
  }
  const codesign = process.platform === "darwin" ? onPath("codesign", env) : undefined;
  if (codesign !== undefined) {
    options.progress?.detail(`signing ${options.output} ad hoc with ${codesign}`);
    await run(codesign, ["--sign", "-", "--force", options.output], {
      what: "codesign",
      ...runOptions(options),
    });
    return true;
  }
  return false;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

function runOptions(options: SingleExecutableOptions): { progress?: Progress; signal?: AbortSignal } {
  return {
    ...(options.progress === undefined ? {} : { progress: options.progress }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}

/** A tool stopped because it ran past its time. */
class StillRunning extends CliError {}

/** Runs a tool to its end; its stderr goes to progress details, and to the error when it fails. */
function run(
  command: string,
  args: readonly string[],
  options: {
    readonly what: string;
    readonly cwd?: string;
    readonly progress?: Progress;
    readonly signal?: AbortSignal;
    /** Stop it after this long, as failed with `hangs` as the reason. */
    readonly timeout?: { readonly ms: number; readonly hangs: string };
  },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    let timedOut = false;
    const timer =
      options.timeout === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, options.timeout.ms);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => {
      if (options.signal?.aborted) reject(error);
      else
        reject(
          new CliError(`could not run ${options.what} (${command}): ${error.message}`, { cause: error }),
        );
    });
    child.on("close", (code, killedBy) => {
      clearTimeout(timer);
      if (timedOut && options.timeout !== undefined) {
        reject(
          new StillRunning(
            `${options.what} did not finish within ${options.timeout.ms / 1000} s: ${options.timeout.hangs}`,
          ),
        );
        return;
      }
      const stdout = Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      // postject's LIEF repeats the same warning for every note section it rewrites: once is enough.
      for (const line of new Set(stderr.split("\n")))
        if (line.trim() !== "") options.progress?.detail(`${options.what}: ${line}`);
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const lastLines = `${stderr}\n${stdout}`
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !line.startsWith("warning:"))
        .slice(-3)
        .join(" / ");
      reject(
        new CliError(
          `${options.what} failed (${killedBy ?? `exit code ${code}`})${lastLines === "" ? "" : `: ${lastLines}`}; run with --verbose for its whole output`,
        ),
      );
    });
  });
}
