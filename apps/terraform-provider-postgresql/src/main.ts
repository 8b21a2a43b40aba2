import { serve } from "@tsvider/framework";
import { provider } from "./provider.js";

// Not a top-level await: the bundle is CommonJS (see scripts/bundle.mjs).
serve(provider, { address: "tsvider/postgresql" }).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
