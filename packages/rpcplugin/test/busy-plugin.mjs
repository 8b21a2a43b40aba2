#!/usr/bin/env node
// A tfplugin6 plugin served from a control thread whose ApplyResourceChange computes for ever
// without yielding, as a handler with a bug would: for the control thread's tests and bench.
// `--busy-at-start` starts the endless loop right after the handshake instead; `--main-thread`
// (or BUSY_CONTROL_THREAD=0) serves from the main thread, for comparison in apps/bench.
// Stopped as the host stops it, it says so on stderr ("busy: shut down") before it exits.
import { servePlugin } from "../dist/index.js";
import * as pb from "../dist/tfplugin6.js";

const spin = (why) => {
  process.stderr.write(`busy: ${why}\n`);
  for (;;) {}
};
await servePlugin({
  programName: "busy-plugin",
  controlThread: process.env.BUSY_CONTROL_THREAD !== "0" && !process.argv.includes("--main-thread"),
  stopGraceMs: Number(process.env.BUSY_STOP_GRACE_MS ?? 1000),
  onShutdown: () => {
    process.stderr.write("busy: shut down\n");
  },
  versions: {
    6: [
      {
        definition: pb.ProviderService,
        implementation: {
          getProviderSchema: (_call, callback) =>
            callback(null, pb.GetProviderSchema_Response.fromPartial({ provider: { version: 7n } })),
          validateResourceConfig: (_call, callback) =>
            callback(null, pb.ValidateResourceConfig_Response.fromPartial({})),
          applyResourceChange: () => spin("ApplyResourceChange"),
          stopProvider: (_call, callback) => callback(null, pb.StopProvider_Response.fromPartial({})),
        },
      },
    ],
  },
});
if (process.argv.includes("--busy-at-start")) setTimeout(() => spin("at start"), 10);
