// `tsvider build`: the provider as one executable per platform (a Node single executable
// application, or with --script the bundled script), with its size and, for this machine's
// platform, its start-up time next to `node -e 0`.
import { isAbsolute, relative, resolve } from "node:path";
import { defineCommand } from "../cli/command.js";
import { type BuiltExecutable, buildExecutable } from "../executable/executable.js";
import { newestNodeLts } from "../executable/node-binary.js";
import { hostPlatform, hostPlatformName, targetPlatform } from "../executable/platform.js";
import { measureStartup, type StartupTimes } from "../executable/startup.js";
import { loadProject } from "../project.js";

export const buildCommand = defineCommand({
  name: "build",
  summary: "Build the provider as a single executable for one or more platforms",
  description: [
    "Bundles the provider with esbuild and puts the bundle into a Node single executable",
    "application: one file that runs without Node installed. The Node inside is the newest LTS",
    "release the npm registry's node-<os>-<arch> packages serve (the answer is kept for a day in",
    "~/.cache/tsvider/node/lts.json, and used offline), or the one --node-version names; its",
    "binaries are checked against the registry's sha512 and cached in ~/.cache/tsvider/node.",
    "Builds are reproducible: the same sources, dependencies and Node give the same bytes in any",
    "directory and on any run, so `tsvider install` of unchanged code changes no lock file.",
    "V8's compiled code is therefore not in the file: the provider makes it on its first start",
    "and keeps it in ~/.cache/tsvider/compile-cache (TSVIDER_COMPILE_CACHE=0 turns that off).",
    "Each executable is written to <out>/<os_arch>/terraform-provider-<type>_v<version> (.exe",
    "on Windows). With --script the result is the bundled script instead (named .cjs, so Node",
    "loads it under any package.json): small, but it needs",
    "Node on the machine that runs it. The report gives each file's size and, for this",
    "machine's platform, the median time from start to the plugin handshake next to",
    "`node -e 0`. Native addons (.node files and the packages that load them) are refused: a",
    "single file cannot carry them. A darwin executable must be signed before macOS runs it:",
    "with rcodesign on PATH (or codesign, on a Mac) it is signed ad hoc here, otherwise sign it",
    "on macOS with `codesign --sign -`. With --snapshot the single executable carries a V8",
    "start-up snapshot of the provider's evaluated modules and starts faster; it is made for",
    "this machine's platform only, is not the same bytes twice, and serves from the main thread",
    "(no control thread: a handler that never yields holds up every answer) (docs/startup-snapshot.md in tsvider's repository).",
  ].join("\n"),
  options: {
    platform: {
      type: "string",
      multiple: true,
      valueName: "os_arch",
      description: "A platform to build for, such as linux_amd64 or darwin_arm64 (default: this machine's).",
    },
    out: {
      type: "string",
      valueName: "dir",
      description:
        "The directory to write <os_arch>/terraform-provider-<type>_v<version> into (default: build).",
    },
    script: {
      type: "boolean",
      description: "Build the bundled node script instead of a single executable (needs Node where it runs).",
    },
    snapshot: {
      type: "boolean",
      description:
        "Keep the provider's evaluated modules in the single executable as a V8 start-up snapshot: a faster start, for this machine's platform only, served from the main thread.",
    },
    "node-version": {
      type: "string",
      valueName: "version",
      description:
        "The Node version inside the executables, such as 24.11.0 (default: the newest LTS on the npm registry).",
    },
  },
  examples: [
    {
      command: "tsvider build",
      explanation: "Build a single executable for this machine into build/<os_arch>/.",
    },
    {
      command: "tsvider build --platform linux_amd64 --platform linux_arm64 --platform windows_amd64",
      explanation: "Build for three platforms, downloading their Node binaries from the npm registry once.",
    },
    {
      command: "tsvider build --platform windows_amd64 --node-version 22.12.0",
      explanation:
        "Build with Node 22.12.0 inside instead of the newest LTS (downloaded for this machine too, to make the executable with).",
    },
    {
      command: "tsvider build --snapshot",
      explanation:
        "Build a single executable for this machine that restores its modules from a start-up snapshot.",
    },
    {
      command: "tsvider build --script --out dist",
      explanation: "Build the small bundled script into dist/<os_arch>/.",
    },
  ],
  async run({ options, cwd, env, progress, signal }) {
    const project = loadProject(cwd);
    const names = (options.platform ?? [hostPlatform().name])
      .flatMap((p) => p.split(","))
      .filter((p) => p !== "");
    // Every platform name is checked before anything is built.
    const platforms = [...new Set(names.map((name) => targetPlatform(name).name))];
    const out = options.out === undefined ? resolve(project.root, "build") : resolve(cwd, options.out);
    const kind = options.script ? "script" : "sea";
    // One Node for every platform of this build, asked of the registry once.
    const nodeVersion =
      kind === "script"
        ? undefined
        : (options["node-version"] ?? (await newestNodeLts({ env, progress, signal })).version);

    const results: { built: BuiltExecutable; startup?: StartupTimes }[] = [];
    for (const platform of platforms) {
      const built = await buildExecutable({
        project,
        outDir: resolve(out, platform),
        platform,
        kind,
        ...(options.snapshot ? { snapshot: true } : {}),
        ...(nodeVersion === undefined ? {} : { nodeVersion }),
        progress,
        signal,
        env,
      });
      let startup: StartupTimes | undefined;
      if (platform === hostPlatformName()) {
        progress.step(`timing the start-up of ${built.fileName}`);
        try {
          startup = await measureStartup({ executable: built.path, env, signal });
        } catch (error) {
          if (signal.aborted) throw error;
          progress.warn(`could not time ${built.fileName}'s start-up: ${(error as Error).message}`);
        }
      }
      results.push(startup === undefined ? { built } : { built, startup });
    }

    const lines = results.map(({ built, startup }) => {
      const what =
        built.kind === "sea"
          ? `single executable, Node ${built.nodeVersion ?? ""}${built.snapshot ? ", start-up snapshot" : ""}`
          : "node script";
      const size = `${(built.bytes / 1e6).toFixed(1)} MB`;
      const timing =
        startup === undefined
          ? ""
          : `, start-up to handshake ${startup.executableMs.toFixed(0)} ms (node -e 0: ${startup.nodeMs.toFixed(0)} ms, ${(startup.executableMs / startup.nodeMs).toFixed(1)}x; median of ${startup.runs})`;
      const signing = built.needsSigning ? "; sign it on macOS before use (codesign --sign -)" : "";
      return `${shown(cwd, built.path)} (${built.platform}, ${what}): ${size}${timing}${signing}`;
    });
    return {
      text: lines.join("\n"),
      data: {
        executables: results.map(({ built, startup }) => ({
          ...built,
          megabytes: Number((built.bytes / 1e6).toFixed(1)),
          ...(startup === undefined
            ? {}
            : {
                startup: { medianMs: startup.executableMs, nodeMedianMs: startup.nodeMs, runs: startup.runs },
              }),
        })),
      },
    };
  },
});

/** A path under the working directory relative to it, any other in full. */
function shown(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}
