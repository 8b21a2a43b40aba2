// invokeAction called directly: a cancellation is reported as one, even when the action's
// own code throws on it (an AbortError from a timer given the signal).
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { defineAction } from "../action.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { invokeAction } from "./invoke-action.js";

const waiting = defineAction({
  typeName: "test_wait",
  schema: { seconds: attr.int64({ required: true }) },
  async invoke({ config, progress, signal }) {
    progress("waiting");
    await sleep(Number(config.seconds) * 1000, undefined, { signal });
  },
});

describe("invokeAction", () => {
  it("reports an action that throws because it was cancelled as cancelled, not as a bug", async () => {
    const server = serverWith({ actions: [waiting] });
    const cancel = new AbortController();
    const messages: string[] = [];
    const diagnostics = await invokeAction(
      server,
      waiting,
      { seconds: 3600 },
      {
        cancelled: cancel.signal,
        onProgress: (message) => {
          messages.push(message);
          cancel.abort();
        },
      },
    );
    expect(messages).toEqual(["waiting"]);
    expect(errors(diagnostics)).toEqual(["Action test_wait was cancelled"]);
  });

  it("still reports what an action throws when nothing cancelled it", async () => {
    const failing = defineAction({
      typeName: "test_fail",
      schema: {},
      async invoke() {
        throw new Error("the disk is full");
      },
    });
    const server = serverWith({ actions: [failing] });
    const diagnostics = await invokeAction(server, failing, {}, { onProgress: () => {} });
    expect(diagnostics.items.map((d) => `${d.summary}: ${d.detail}`).join("\n")).toContain(
      "the disk is full",
    );
  });
});
