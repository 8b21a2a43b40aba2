// One provider executable for one platform, as Terraform and OpenTofu run it and as `install`
// and `release` ship it: `terraform-provider-TYPE_vVERSION` (`.exe` on Windows, `.cjs` for a script). Either a
// Node single executable application (the default: the bundle inside the platform's Node
// binary, by default the newest Node LTS, needing nothing on the user's machine) or the
// bundled script (small, but it needs Node on the machine that runs it). Both carry the
// compile-cache launcher of ../launcher.ts, which keeps V8's compiled code in the user's cache
// from the first start on, so the file itself holds nothing that differs between builds: the
// same sources and Node give the same bytes, wherever and whenever they are built.
// Everything is made in a temporary directory and only the finished file is moved into
// `outDir`, so a failed or interrupted build leaves nothing there.
import { copyFile, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { bundleProvider } from "../bundle.js";
import { CliError, type Progress } from "../cli/command.js";
import type { Project } from "../project.js";
import { type NodeBinary, newestNodeLts, nodeBinaryFor, normalizeNodeVersion } from "./node-binary.js";
import { hostPlatform, hostPlatformName, targetPlatform } from "./platform.js";
import { makeSingleExecutable } from "./sea.js";

export type ExecutableKind = "sea" | "script";

export interface BuildExecutableOptions {
  readonly project: Project;
  /** The directory the executable is written to (created when missing). */
  readonly outDir: string;
  /** Terraform's `os_arch`, such as `linux_amd64`; default: this machine's. */
  readonly platform?: string;
  /** Default "sea". */
  readonly kind?: ExecutableKind;
  /**
   * A single executable with a V8 start-up snapshot of the provider's evaluated modules
   * (default false): it starts faster, but only for this machine's platform, and two builds
   * are not the same bytes. See docs/startup-snapshot.md.
   */
  readonly snapshot?: boolean;
  /** The Node version inside a single executable; default: the newest LTS (newestNodeLts). */
  readonly nodeVersion?: string;
  readonly progress?: Progress;
  readonly signal?: AbortSignal;
  /** For the cache directory (XDG_CACHE_HOME, HOME), the registry (npm_config_registry) and PATH. */
  readonly env?: NodeJS.ProcessEnv;
}

export interface BuiltExecutable {
  readonly path: string;
  /** `terraform-provider-TYPE_vVERSION`, with `.exe` for Windows and `.cjs` for a script. */
  readonly fileName: string;
  readonly platform: string;
  readonly kind: ExecutableKind;
  /** A single executable that restores a start-up snapshot. */
  readonly snapshot?: boolean;
  readonly bytes: number;
  /** The Node version inside a single executable (without the `v`); absent for a script. */
  readonly nodeVersion?: string;
  /** A darwin single executable that still has to be signed on macOS (`codesign --sign -`). */
  readonly needsSigning?: boolean;
}

/**
 * `terraform-provider-TYPE_vVERSION`, with `.exe` for Windows, and `.cjs` for a script: Node
 * loads a `.cjs` file as CommonJS wherever it lies, where a name ending in `.3` (from the
 * version) is refused as an unknown extension when the nearest package.json above it says
 * `"type": "module"`, as a TypeScript project's often does, with tofu unpacking the provider
 * into `.terraform/` inside it. OpenTofu and Terraform take any file name that starts with
 * `terraform-provider-TYPE`.
 */
export function executableFileName(project: Project, platform: string, kind: ExecutableKind = "sea"): string {
  const suffix = kind === "script" ? ".cjs" : targetPlatform(platform).executableSuffix;
  return `terraform-provider-${project.type}_v${project.version}${suffix}`;
}

export async function buildExecutable(options: BuildExecutableOptions): Promise<BuiltExecutable> {
  const { project, progress, signal } = options;
  const kind = options.kind ?? "sea";
  const target = targetPlatform(options.platform ?? hostPlatform().name);
  const fileName = executableFileName(project, target.name, kind);
  const outDir = resolve(options.outDir);
  if (kind === "script" && target.os === "windows") {
    throw new CliError(
      "a script provider starts through its #! line, which Windows does not honour: build windows platforms as single executables (leave out --script)",
      { exitCode: 2 },
    );
  }
  const snapshot = options.snapshot === true;
  if (snapshot && kind === "script") {
    throw new CliError(
      "--snapshot makes a single executable with a start-up snapshot inside; a script cannot carry one: leave out --script or --snapshot",
      { exitCode: 2 },
    );
  }
  if (snapshot && target.name !== hostPlatformName()) {
    throw new CliError(
      `a start-up snapshot holds machine code of the Node that makes it, so it can only be made for this machine's platform (${hostPlatformName() ?? "unknown"}), not ${target.name}: build ${target.name} without --snapshot, or with --snapshot on a ${target.name} machine`,
      { exitCode: 2 },
    );
  }
  const env = options.env ?? process.env;
  const common = {
    env,
    ...(progress === undefined ? {} : { progress }),
    ...(signal === undefined ? {} : { signal }),
  };

  // The Node binaries first: a platform without one fails before any work is done.
  let nodes: { readonly target: NodeBinary; readonly maker: NodeBinary } | undefined;
  if (kind === "sea") {
    const version = normalizeNodeVersion(options.nodeVersion ?? (await newestNodeLts(common)).version);
    const targetNode = await nodeBinaryFor({ platform: target, version, ...common });
    const maker =
      target.name === hostPlatformName()
        ? targetNode
        : await nodeBinaryFor({ platform: hostPlatform(), version, ...common });
    nodes = { target: targetNode, maker };
  }

  const workDir = await mkdtemp(join(tmpdir(), "tsvider-build-"));
  let createdDir: string | undefined;
  const finalPath = join(outDir, fileName);
  const partial = join(outDir, `.${fileName}.${process.pid}.partial`);
  try {
    signal?.throwIfAborted();
    progress?.step(`bundling ${relative(project.root, project.entry) || project.entry}`);
    // A fixed name: a single executable's blob records it.
    const script = join(workDir, kind === "script" ? fileName : "provider.cjs");
    const bundle = await bundleProvider({
      entry: project.entry,
      outfile: script,
      projectRoot: project.root,
      snapshot,
      // A single executable's main script cannot read itself from its file: that is the executable.
      readsOwnFile: kind === "script",
    });
    for (const warning of bundle.warnings) progress?.warn(`esbuild: ${warning}`);
    signal?.throwIfAborted();

    let built = script;
    let needsSigning = false;
    if (nodes !== undefined) {
      progress?.step(`making the single executable for ${target.name} with Node ${nodes.target.version}`);
      built = join(workDir, fileName);
      const result = await makeSingleExecutable({
        script,
        workDir,
        output: built,
        target: nodes.target,
        maker: nodes.maker,
        useSnapshot: snapshot,
        ...common,
      });
      needsSigning = target.os === "darwin" && !result.signed;
      if (needsSigning) {
        progress?.warn(
          `${fileName} for ${target.name} is not signed, and macOS refuses to run it until it is: sign it on macOS with \`codesign --sign - ${fileName}\` (or put rcodesign on PATH to have tsvider sign it ad hoc)`,
        );
      }
    }
    signal?.throwIfAborted();

    createdDir = await mkdir(outDir, { recursive: true });
    await copyFile(built, partial);
    await rename(partial, finalPath);
    const { size } = await stat(finalPath);
    return {
      path: finalPath,
      fileName,
      platform: target.name,
      kind,
      ...(snapshot ? { snapshot } : {}),
      bytes: size,
      ...(nodes === undefined ? {} : { nodeVersion: nodes.target.version, needsSigning }),
    };
  } catch (error) {
    await rm(partial, { force: true });
    // Directories this build created (mkdir answers the first of them) go again.
    if (createdDir !== undefined) await rm(createdDir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
