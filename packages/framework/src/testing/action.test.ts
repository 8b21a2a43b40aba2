import { describe, expect, it } from "vitest";
import { defineAction } from "../action.js";
import { defineProvider } from "../provider.js";
import { attr } from "../schema/attributes.js";
import { testProvider } from "./test-provider.js";

const greet = defineAction({
  typeName: "test_greet",
  schema: { name: attr.string({ required: true }) },
  plan({ config, diagnostics }) {
    if (config.name === "nobody") diagnostics.addError("nobody to greet");
  },
  async invoke({ config, progress, signal }) {
    progress(`hello ${config.name}`);
    if (config.name === "slow") {
      const stopped = new Promise<void>((resolve) =>
        signal.addEventListener("abort", () => resolve(), { once: true }),
      );
      started();
      await stopped;
      return;
    }
    progress("done");
  },
});
let started: () => void = () => {};
const kit = testProvider(defineProvider({ name: "test", version: "1.0.0", actions: [greet] }));

describe("the test kit's actions", () => {
  it("invokes with the progress messages in order", async () => {
    expect(await kit.actions.invoke("test_greet", { name: "world" })).toEqual({
      progress: ["hello world", "done"],
      diagnostics: [],
    });
  });

  it("stops at a failing plan without invoking", async () => {
    const res = await kit.actions.invoke("test_greet", { name: "nobody" });
    expect(res.progress).toEqual([]);
    expect(res.diagnostics.map((d) => d.summary)).toEqual(["nobody to greet"]);
  });

  it("cancels through the signal given", async () => {
    const cancel = new AbortController();
    const began = new Promise<void>((resolve) => {
      started = resolve;
    });
    const running = kit.actions.invoke("test_greet", { name: "slow" }, { signal: cancel.signal });
    await began;
    cancel.abort();
    const res = await running;
    expect(res.diagnostics.map((d) => d.summary)).toEqual(["Action test_greet was cancelled"]);
  });

  it("does not start an invocation cancelled before it began", async () => {
    const res = await kit.actions.invoke("test_greet", { name: "slow" }, { signal: AbortSignal.abort() });
    expect(res.progress).toEqual([]);
    expect(res.diagnostics.map((d) => d.summary)).toEqual(["Action test_greet was cancelled"]);
  });

  it("names an unknown action type", async () => {
    await expect(kit.actions.validate("test_nope", {})).rejects.toThrow('has no action "test_nope"');
  });
});
