// The entry point the built provider runs: tofu starts it and talks to it over the plugin
// protocol. The address is the one `required_providers` gives the provider.
import { serve } from "@tsvider/framework";
import { provider } from "./provider.js";

// Not a top-level await: `tsvider build` bundles to CommonJS.
serve(provider, { address: "notebook/notebook" }).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
