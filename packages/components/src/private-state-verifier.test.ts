import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { privateStateVerifierResource, verifierSecret } from "./private-state-verifier.js";

const TYPE = "tsvider_private_state_verifier";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", resources: [privateStateVerifierResource()] }),
  { env: { TSVIDER_PRIVATE_STATE_SECRET: "a-secret-for-the-unit-tests" } },
);

describe("privateStateVerifierResource", () => {
  it("keeps the secret in private state, sealed, and reads decrypted_token back from it", async () => {
    const applied = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { input_value: "basic-test" } }),
    );
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toEqual({ input_value: "basic-test", decrypted_token: "SECRET_FOR_BASIC-TEST" });
    // Sealed: the secret is not in the bytes Terraform stores.
    expect(Buffer.from(applied.private).toString("latin1")).not.toContain("SECRET_FOR");
    // A token changed in state is put right from private state.
    const read = await kit.read(
      TYPE,
      { ...applied.state!, decrypted_token: "tampered" },
      { private: applied.private },
    );
    expect(read.state?.decrypted_token).toBe("SECRET_FOR_BASIC-TEST");
  });

  it("is refused by the framework when no private state comes back, before read runs", async () => {
    const read = await kit.read(TYPE, { input_value: "x", decrypted_token: "SECRET_FOR_X" });
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: `Unreadable private state for ${TYPE}`,
        detail: expect.stringContaining("It is missing"),
      }),
    ]);
  });

  it("fails the read at decrypted_token when the sealed private state holds nothing", async () => {
    const empty = kit.server.privateState.seal(TYPE, null, { keepsSealed: true });
    const read = await kit.read(
      TYPE,
      { input_value: "x", decrypted_token: "SECRET_FOR_X" },
      { private: empty },
    );
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "The private state did not come back",
        path: [{ attribute: "decrypted_token" }],
      }),
    ]);
  });

  it("refuses private state sealed for another resource type", async () => {
    const other = testProvider(
      defineProvider({
        name: "tsvider",
        version: "0.0.0",
        resources: [privateStateVerifierResource({ typeName: "tsvider_other" })],
      }),
      { env: { TSVIDER_PRIVATE_STATE_SECRET: "a-secret-for-the-unit-tests" } },
    );
    const applied = await other.apply(
      "tsvider_other",
      await other.plan("tsvider_other", { prior: null, config: { input_value: "x" } }),
    );
    const read = await kit.read(TYPE, applied.state!, { private: applied.private });
    expect(read.diagnostics).toEqual([expect.objectContaining({ severity: "error" })]);
  });

  it("lives through create, replacement and destroy as tofu drives it", async () => {
    const life = await kit.lifecycle(TYPE, { create: { input_value: "a" }, update: { input_value: "b" } });
    expect(life.replaced).toEqual([true]);
    expect(life.updated[0]?.decrypted_token).toBe(verifierSecret("b"));
  });

  it("takes another provider's prefix", () => {
    expect(privateStateVerifierResource({ typeName: "mycloud_verifier" }).typeName).toBe("mycloud_verifier");
  });
});
