// Bundling a provider into the one executable file Terraform and OpenTofu run: esbuild makes
// one CommonJS script of the provider and everything it imports, which goes inside the
// compile-cache launcher (launcher.ts). CommonJS because the installed file is named like
// terraform-provider-x_v1.2.3, and Node refuses to load an ES module from a file whose name
// ends in an unknown extension such as ".3".
import { chmod, writeFile } from "node:fs/promises";
import { build, type Plugin } from "esbuild";
import { launcherSource } from "./launcher.js";

export interface BundleOptions {
  /** The provider's entry module, the one that calls serve(). */
  readonly entry: string;
  readonly outfile: string;
  /** Wrap the bundle in the compile-cache launcher (default true). */
  readonly compileCache?: boolean;
  /** Minify (default true). */
  readonly minify?: boolean;
}

export interface BundleResult {
  readonly outfile: string;
  readonly bytes: number;
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

export async function bundleProvider(options: BundleOptions): Promise<BundleResult> {
  const result = await build({
    entryPoints: [options.entry],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: options.minify ?? true,
    legalComments: "none",
    write: false,
    logLevel: "warning",
    plugins: [withoutProtoLoader],
  });
  const code = result.outputFiles[0]!.text;
  const text =
    options.compileCache === false ? `#!/usr/bin/env node\n${code}` : launcherSource({ source: code });
  await writeFile(options.outfile, text);
  await chmod(options.outfile, 0o755);
  return { outfile: options.outfile, bytes: Buffer.byteLength(text) };
}
