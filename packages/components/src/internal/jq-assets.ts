// What a jq worker thread needs, as data: jq's WebAssembly and the jq-wasm JavaScript that runs
// it, as text (a worker is started from source text, since a bundled provider or a single
// executable has no jq-wasm files on disk to load). Run from source (the tests), this reads both
// from the installed jq-wasm package; the package build replaces this file's output with one that
// carries both inline (scripts/inline-jq-assets.mjs), so what is published needs no files at all.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

export interface JqAssets {
  /** jq-wasm's CommonJS entry, as text: it exports loadJq. */
  readonly runtime: string;
  /** jq 1.8 compiled to WebAssembly. */
  readonly wasm: Uint8Array;
}

export async function loadJqAssets(): Promise<JqAssets> {
  const entry = createRequire(import.meta.url).resolve("jq-wasm");
  const [runtime, wasm] = await Promise.all([
    readFile(entry, "utf8"),
    readFile(new URL("build/jq.wasm", `file://${entry}`)),
  ]);
  return { runtime, wasm };
}
