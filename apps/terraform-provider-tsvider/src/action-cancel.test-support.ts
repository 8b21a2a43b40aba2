// A provider with an action that waits until it is cancelled, then records that it saw the
// cancellation in a file. For action.test.ts, which bundles this entry and interrupts the real
// Terraform while the action runs.
import { writeFile } from "node:fs/promises";
import { attr, defineAction, defineProvider, serve } from "@tsvider/framework";

export const ACTION_CANCEL_VERSION = "0.0.6";

const wait = defineAction({
  typeName: "tsvider_wait",
  schema: { record: attr.string({ required: true }) },
  async invoke({ config, progress, signal }) {
    const stopped = new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
    });
    progress("waiting until cancelled");
    await stopped;
    await writeFile(config.record, `cancelled: ${String(signal.reason)}\n`);
  },
});

if (process.env.TF_PLUGIN_MAGIC_COOKIE !== undefined) {
  serve(defineProvider({ name: "tsvider", version: ACTION_CANCEL_VERSION, actions: [wait] }), {
    address: "tsvider/tsvider",
  }).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
