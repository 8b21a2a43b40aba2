#!/usr/bin/env node
// A provider whose resource's create computes for ever without yielding (a handler with a
// bug), served from a control thread: for busy-handler.test.ts through the real tofu. Before
// it starts the loop it writes BUSY_MARKER, so the test knows when to press Ctrl-C.
import { writeFileSync } from "node:fs";
import { attr, defineProvider, defineResource, serve } from "@tsvider/framework";

const endless = defineResource({
  typeName: "busy_endless",
  schema: { name: attr.string({ required: true, requiresReplace: true }) },
  async create() {
    writeFileSync(process.env.BUSY_MARKER, String(process.pid));
    for (;;) {}
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

await serve(defineProvider({ name: "busy", version: "0.1.0", resources: [endless] }), {
  controlThread: true,
  stopGraceMs: Number(process.env.BUSY_STOP_GRACE_MS ?? 5000),
});
