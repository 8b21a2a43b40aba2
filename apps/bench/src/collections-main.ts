// The entry the peers bench (peers.ts) bundles into a provider executable, as a provider author's
// main.ts is: it serves collections-provider.ts's `scn` provider. The bench also bundles it
// against the previous commit's framework, in a worktree of that commit.
import { serve } from "@tsvider/framework";
import { collectionsProvider } from "./collections-provider.js";

// Not a top-level await: the bundle is CommonJS.
serve(collectionsProvider, { address: "tsvider/scn" }).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
