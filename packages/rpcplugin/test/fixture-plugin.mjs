#!/usr/bin/env node
// A minimal plugin for the go-plugin client oracle: protocols 5 and 6 with go-plugin's own
// services only, served by the package's build. FIXTURE_TRANSPORT picks unix or tcp.
import { createLogger, servePlugin } from "../dist/index.js";

const log = createLogger({ module: "fixture" });
await servePlugin({
  programName: "fixture-plugin",
  versions: { 5: [], 6: [] },
  reattachAddresses: ["registry.opentofu.org/tsvider/fixture"],
  ...(process.env.FIXTURE_TRANSPORT ? { transport: process.env.FIXTURE_TRANSPORT } : {}),
});
log.info("fixture ready", { answer: 42 });
// A stray console.log after the handshake must not reach the host's stdout reader.
console.log("stray output");
// FIXTURE_CRASH: an error nothing catches, as a bug in a plugin would throw.
if (process.env.FIXTURE_CRASH) setTimeout(() => Promise.reject(new Error("the fixture's bug")), 10);
