import { Diagnostics, ValidationError } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { randomTokenEphemeral } from "./random-token.js";

const token = randomTokenEphemeral();
const ctx = { providerData: undefined, signal: new AbortController().signal, diagnostics: new Diagnostics() };
const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} } as never;

describe("randomTokenEphemeral", () => {
  it("opens a token of the configured length, different each time", async () => {
    const a = await token.open({ ...ctx, log, config: { length: 32, value: null } });
    const b = await token.open({ ...ctx, log, config: { length: 32, value: null } });
    expect(a.result.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a.result.value).not.toBe(b.result.value);
    expect(a.renewAt).toBeUndefined();
  });

  it("refuses a length out of range at the attribute", async () => {
    for (const length of [0, 1025]) {
      const run = () => token.validateConfig!({ ...ctx, log, config: { length, value: null } });
      expect(run).toThrow(ValidationError);
      expect(run).toThrow("length must be between 1 and 1024");
    }
  });
});
