// runHandler and addThrown, called directly: whatever author code throws becomes an error
// diagnostic, never a throw, with the author's own wording for a TsviderError and a masked,
// "this is a bug" message for anything else.
import { describe, expect, it } from "vitest";
import { Diagnostics, TsviderError } from "../diagnostics.js";
import { MASK, rememberSecrets, withLogScope } from "../internal/log-values.js";
import { attr } from "../schema/attributes.js";
import { addThrown, runHandler } from "./handler.js";

describe("runHandler", () => {
  it("returns what the handler returns, sync or async", async () => {
    const diagnostics = new Diagnostics();
    expect(await runHandler(diagnostics, "x", () => 1)).toBe(1);
    expect(await runHandler(diagnostics, "x", async () => 2)).toBe(2);
    expect(diagnostics.items).toEqual([]);
  });

  it("turns a TsviderError into its own diagnostic, path and all", async () => {
    const diagnostics = new Diagnostics();
    const got = await runHandler(diagnostics, "test_x create", () => {
      throw new TsviderError("Quota reached", { detail: "Ask for more.", path: [{ attribute: "size" }] });
    });
    expect(got).toBeUndefined();
    expect(diagnostics.items).toEqual([
      { severity: "error", summary: "Quota reached", detail: "Ask for more.", path: [{ attribute: "size" }] },
    ]);
  });

  it("turns any other throw, even a non-Error, into an error naming where it happened", async () => {
    const diagnostics = new Diagnostics();
    await runHandler(diagnostics, "test_x read", () => Promise.reject(new RangeError("index 9")));
    await runHandler(diagnostics, "test_x read", () => {
      throw "a string";
    });
    expect(diagnostics.items.map((d) => d.summary)).toEqual([
      "Unexpected error in test_x read",
      "Unexpected error in test_x read",
    ]);
    expect(diagnostics.items[0]?.detail).toContain("index 9");
    expect(diagnostics.items[1]?.detail).toContain("a string");
    expect(diagnostics.items[0]?.detail).toContain("This is a bug in the provider");
  });

  it("masks the operation's secrets in the message it quotes", async () => {
    const schema = { password: attr.string({ optional: true, sensitive: true }) };
    const diagnostics = new Diagnostics();
    await withLogScope(async () => {
      rememberSecrets(schema, { password: "hunter22" });
      await runHandler(diagnostics, "test_x create", () => {
        throw new Error("login with hunter22 refused");
      });
    });
    expect(diagnostics.items[0]?.detail).toContain(`login with ${MASK} refused`);
    expect(diagnostics.items[0]?.detail).not.toContain("hunter22");
  });
});

describe("addThrown", () => {
  it("uses the framework's path when the error names none", () => {
    const diagnostics = new Diagnostics();
    addThrown(diagnostics, "validator", new TsviderError("Too long"), [{ attribute: "name" }]);
    addThrown(diagnostics, "validator", new Error("boom"), [{ attribute: "size" }]);
    expect(diagnostics.items.map((d) => d.path)).toEqual([[{ attribute: "name" }], [{ attribute: "size" }]]);
  });
});
