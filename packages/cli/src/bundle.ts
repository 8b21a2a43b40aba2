// Bundling a provider into the one executable file Terraform and OpenTofu run: esbuild makes
// one CommonJS script of the provider and everything it imports, which goes inside the
// compile-cache launcher (launcher.ts). CommonJS because the installed file is named like
// terraform-provider-x_v1.2.3, and Node refuses to load an ES module from a file whose name
// ends in an unknown extension such as ".3".
import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { type BuildOptions, build, type Message, type Plugin } from "esbuild";
import { CliError } from "./cli/command.js";
import { nativeAddonGuard } from "./executable/native-addons.js";
import { snapshotSafeBuiltins } from "./executable/snapshot-builtins.js";
import { launcherSource } from "./launcher.js";

export interface BundleOptions {
  /** The provider's entry module, the one that calls serve(). */
  readonly entry: string;
  readonly outfile: string;
  /** Wrap the bundle in the compile-cache launcher (default true). */
  readonly compileCache?: boolean;
  /**
   * The launcher may read the provider's code from the end of its own file (default true; see
   * launcher.ts). False for a single executable's main script, whose file is the executable.
   */
  readonly readsOwnFile?: boolean;
  /** Minify (default true). */
  readonly minify?: boolean;
  /**
   * The provider project's directory, to tell its own files from its dependencies when a native
   * addon is refused; default: the nearest directory above the entry with a package.json.
   */
  readonly projectRoot?: string;
  /**
   * Inline a source map with the sources (for `tsvider serve --debug`): the file is then plain
   * code for `node --enable-source-maps`, without the launcher or a #! line, which would shift
   * every mapped line.
   */
  readonly sourceMap?: boolean;
  /**
   * For a single executable with a start-up snapshot (executable/sea.ts): the bundle runs once at
   * build time, so it is plain code without the launcher (the snapshot replaces the compile
   * cache), and the built-in modules Node cannot snapshot load on first use
   * (executable/snapshot-builtins.ts).
   */
  readonly snapshot?: boolean;
}

export interface BundleResult {
  readonly outfile: string;
  readonly bytes: number;
  /** esbuild's warnings, as `file:line:column: text`. */
  readonly warnings: readonly string[];
}

/**
 * grpc-js loads @grpc/proto-loader (and protobufjs with it) only to serve channelz and ORCA,
 * which providers never register; bundled, it would still be compiled at every start.
 */
const withoutProtoLoader: Plugin = {
  name: "tsvider-without-proto-loader",
  setup(b) {
    b.onResolve({ filter: /^@grpc\/proto-loader$/ }, () => ({
      path: "proto-loader",
      namespace: "tsvider-stub",
    }));
    b.onLoad({ filter: /.*/, namespace: "tsvider-stub" }, () => ({
      contents:
        'module.exports = { loadSync() { throw new Error("a tsvider provider serves no channelz or ORCA service"); } };',
      loader: "js",
    }));
  },
};

/**
 * The protocol stubs of @tsvider/rpcplugin (its dist/gen) end with a grpc-js client for each
 * service, made as the module loads (ts-proto writes `makeGenericClientConstructor(...)` at the
 * top level, with no option to leave it out). A provider never calls itself, but those calls
 * alone would load grpc-js, and Node's http2, tls, zlib and dns with it, at every start, though
 * a provider served through its control thread uses none of them on the main thread. So in the
 * bundle each client is a class that says why it cannot be made, and the stubs import nothing
 * from grpc-js. Each line replaced stays one line, so the stub's own source map still holds.
 */
const withoutStubClients: Plugin = {
  name: "tsvider-without-stub-clients",
  setup(b) {
    b.onLoad({ filter: /[\\/]rpcplugin[\\/]dist[\\/]gen[\\/].+\.js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      const lines = text.split("\n");
      const kept = lines.map((line) => line.replace(STUB_CLIENT, unavailableClient));
      if (kept.every((line, i) => line === lines[i])) return undefined;
      const rest = kept.join("\n");
      // The import of the clients' two names goes too, once nothing else uses them.
      const withoutImport = /\bmakeGenericClientConstructor\b|\bClient\b/.test(
        rest.replace(STUB_CLIENT_IMPORT, ""),
      )
        ? rest
        : rest.replace(STUB_CLIENT_IMPORT, "");
      return { contents: withoutImport, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

/** A stub's client, as tsc writes it: one line. */
const STUB_CLIENT = /^export const (\w+Client) = makeGenericClientConstructor\([^;]*\);$/;
const unavailableClient = (_line: string, name: string): string =>
  `export class ${name} { constructor() { throw new Error(${JSON.stringify(
    `${name} is left out of a provider bundled by tsvider (a provider serves this protocol, it does not call it); import it in code that runs from its modules, such as tests`,
  )}); } }`;
/** A stub's import of what only its clients use. */
const STUB_CLIENT_IMPORT = /^import \{ Client, makeGenericClientConstructor, \} from "@grpc\/grpc-js";$/m;

/**
 * Bundles the provider into `outfile`. A native addon anywhere in it is refused with a CliError
 * naming the package that loads it, since one file cannot carry a shared library.
 */
export async function bundleProvider(options: BundleOptions): Promise<BundleResult> {
  const guard = nativeAddonGuard(options.projectRoot ?? projectRootOf(options.entry));
  const result = await build({
    entryPoints: [options.entry],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: options.minify ?? true,
    legalComments: "none",
    // The map's paths are relative to outfile, which esbuild needs to know though it writes nothing.
    ...(options.sourceMap === true
      ? { sourcemap: "inline" as const, sourcesContent: true, outfile: options.outfile }
      : {}),
    write: false,
    logLevel: "silent",
    plugins: [
      withoutProtoLoader,
      withoutStubClients,
      guard.plugin,
      ...(options.snapshot === true ? [snapshotSafeBuiltins] : []),
    ],
  }).catch((error: unknown) => {
    const refusal = guard.refusal();
    if (refusal !== undefined) throw new CliError(refusal, { cause: error });
    const first = (error as { errors?: readonly Message[] }).errors?.[0];
    if (first === undefined) throw error;
    throw new CliError(`esbuild could not bundle the provider: ${describe(first)}: fix it and run again`, {
      cause: error,
    });
  });
  const bundled = result.outputFiles[0]!.text;
  const plain = options.sourceMap === true || options.snapshot === true;
  // The control thread's code rides at the top of the file (see @tsvider/rpcplugin's
  // control/thread-start.ts), as the bundle has no file beside it to start a worker from; only
  // in a bundle that holds the code which looks for it.
  // Not in a start-up snapshot's bundle: a process restored from one serves from the main
  // thread (@tsvider/rpcplugin's snapshot.ts says why).
  const controlThread =
    bundled.includes(CONTROL_THREAD_KEY) && options.snapshot !== true
      ? await bundleControlThread(options.entry, {
          minify: options.minify ?? true,
          compileCache: options.compileCache !== false && options.sourceMap !== true,
          // Not for a debugger: debug mode serves from the main thread.
          startEarly: !plain,
        })
      : undefined;
  const preamble = controlThread && controlThreadPreamble(controlThread);
  const text =
    plain || options.compileCache === false
      ? `${plain ? "" : "#!/usr/bin/env node\n"}${withPreamble(bundled, preamble)}`
      : launcherSource({
          source: bundled,
          readsOwnFile: options.readsOwnFile !== false,
          ...(preamble === undefined ? {} : { preamble }),
        });
  await writeFile(options.outfile, text);
  await chmod(options.outfile, 0o755);
  return {
    outfile: options.outfile,
    bytes: Buffer.byteLength(text),
    warnings: result.warnings.filter((w) => !expectedWarning(w)).map(describe),
  };
}

/**
 * A warning that says nothing to the author: @tsvider/rpcplugin reads `import.meta.url` only to
 * find its control thread's file when it runs from its own modules, and in a bundle finds the
 * thread's code in the bundle instead (its control/main-side.ts).
 */
function expectedWarning(warning: Message): boolean {
  const file = warning.location?.file.replaceAll("\\", "/") ?? "";
  return warning.id === "empty-import-meta" && /(^|\/)(@tsvider\/)?rpcplugin\/dist\//.test(file);
}

/** The Symbol.for key under which @tsvider/rpcplugin looks for the control thread's code. */
const CONTROL_THREAD_KEY = "tsvider.rpcplugin.control-thread-source";

interface ControlThreadCode {
  /** What the worker evaluates: the thread's bundle, inside a compile-cache launcher of its own. */
  readonly code: string;
  /** A script that starts the thread before the provider's code is compiled, or none. */
  readonly startEarly: string | undefined;
}

/**
 * @tsvider/rpcplugin's control thread (a worker that owns the gRPC server; see its
 * docs/control-thread.md) as one script of its own, or undefined for a provider that does not
 * depend on @tsvider/rpcplugin at all. It is found the way the provider's own code finds it:
 * through @tsvider/framework when the provider uses it, else from the provider's directory.
 * With `startEarly`, also rpcplugin's early start (control/thread-start.js beside it), which
 * an older @tsvider/rpcplugin does not have.
 */
async function bundleControlThread(
  entry: string,
  options: { readonly minify: boolean; readonly compileCache: boolean; readonly startEarly: boolean },
): Promise<ControlThreadCode | undefined> {
  const fromEntry = createRequire(resolve(entry));
  let resolved: string | undefined;
  for (const via of [() => createRequire(fromEntry.resolve("@tsvider/framework")), () => fromEntry]) {
    try {
      resolved = via().resolve("@tsvider/rpcplugin/control-thread");
      break;
    } catch {
      // Not this way.
    }
  }
  if (resolved === undefined) return undefined;
  const common: BuildOptions & { write: false } = {
    bundle: true,
    platform: "node",
    target: "node20",
    minify: options.minify,
    legalComments: "none",
    write: false,
    logLevel: "silent",
    plugins: [withoutProtoLoader],
  };
  const thread = (await build({ ...common, entryPoints: [resolved], format: "cjs" })).outputFiles[0]!.text;
  const threadStart = join(dirname(resolved), "thread-start.js");
  const startEarly =
    options.startEarly && existsSync(threadStart)
      ? (
          await build({
            ...common,
            // A function of its own: its names must not meet the provider's.
            format: "iife",
            stdin: {
              contents: `import { startControlThreadEarly } from ${JSON.stringify(threadStart)};\nstartControlThreadEarly();`,
              resolveDir: dirname(threadStart),
              loader: "js",
            },
          })
        ).outputFiles[0]!.text
      : undefined;
  return {
    code: options.compileCache ? launcherSource({ source: thread, worker: true }) : thread,
    startEarly,
  };
}

/** The code put before the provider's: the control thread's code, and its early start. */
function controlThreadPreamble(thread: ControlThreadCode): string {
  return `globalThis[Symbol.for(${JSON.stringify(CONTROL_THREAD_KEY)})]=${JSON.stringify(thread.code)};${thread.startEarly?.trim() ?? ""}`;
}

/**
 * `preamble` before `bundled`, after its "use strict" (the bundle is strict code) and on the
 * same line, so that every line of the bundle keeps its number for stack traces and source maps.
 */
function withPreamble(bundled: string, preamble: string | undefined): string {
  if (preamble === undefined) return bundled;
  const strict = /^(["'])use strict\1;/.exec(bundled)?.[0] ?? "";
  return `${strict}${preamble}${bundled.slice(strict.length)}`;
}

function projectRootOf(entry: string): string {
  const start = dirname(resolve(entry));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

function describe(message: Message): string {
  const at = message.location;
  return at === null ? message.text : `${at.file}:${at.line}:${at.column}: ${message.text}`;
}
