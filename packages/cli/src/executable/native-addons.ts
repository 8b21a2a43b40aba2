// Native addons have no place in a single-file provider: a `.node` file is a shared library
// loaded from disk next to the code that needs it, so the bundle (script or single executable)
// would fail at run time on the user's machine, far from the build that could have said so.
// This esbuild plugin refuses them at bundle time, naming the package that loads one: a
// `.node` file imported directly, or a package whose only job is finding one at run time.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "esbuild";

/** Packages that exist to locate and load a compiled addon at run time. */
const ADDON_LOADERS = [
  "bindings",
  "node-gyp-build",
  "node-gyp-build-optional-packages",
  "node-pre-gyp",
  "@mapbox/node-pre-gyp",
  "prebuild-install",
  "pkg-prebuilds",
];
const LOADER_FILTER = new RegExp(
  `^(?:${ADDON_LOADERS.map((name) => name.replace(/[/.]/g, "\\$&")).join("|")})(?:/.*)?$`,
);

export interface NativeAddonGuard {
  readonly plugin: Plugin;
  /** The sentence for the first native addon met, once the bundle has failed on it. */
  refusal(): string | undefined;
}

export function nativeAddonGuard(projectRoot: string): NativeAddonGuard {
  let first: string | undefined;
  const refuse = (what: string, importer: string) => {
    const sentence = `${importerName(importer, projectRoot)} loads ${what}, and a single-file provider cannot carry native code: use a pure-JS or WebAssembly alternative`;
    first ??= sentence;
    return { errors: [{ text: sentence }] };
  };
  return {
    refusal: () => first,
    plugin: {
      name: "tsvider-refuse-native-addons",
      setup(build) {
        build.onResolve({ filter: /\.node$/ }, (args) =>
          refuse(`the native addon ${args.path}`, args.importer),
        );
        build.onResolve({ filter: LOADER_FILTER }, (args) =>
          refuse(`native addons through ${args.path}`, args.importer),
        );
      },
    },
  };
}

/** `the package "sharp" (node_modules/sharp/lib/index.js)`, or the provider's own file. */
function importerName(importer: string, projectRoot: string): string {
  const where = relative(projectRoot, importer) || importer;
  for (let dir = dirname(importer); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (dir === projectRoot) return `the provider's own ${where}`;
    // A package.json without a name (`{ "type": "module" }` in a subfolder) is not the package.
    const name = existsSync(manifest) ? readName(manifest) : undefined;
    if (name !== undefined) return `the package "${name}" (${where})`;
    if (dirname(dir) === dir) return where;
  }
}

function readName(manifest: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}
