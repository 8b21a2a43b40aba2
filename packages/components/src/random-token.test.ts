// tsvider_random_token through the test kit: opened, renewed and closed as Terraform does it.
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { randomTokenEphemeral } from "./random-token.js";

const TYPE = "tsvider_random_token";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", ephemeralResources: [randomTokenEphemeral()] }),
);

describe("randomTokenEphemeral", () => {
  it("opens a token of the configured length, different each time, with nothing to renew", async () => {
    const a = await kit.ephemeral.open(TYPE, { length: 32 });
    const b = await kit.ephemeral.open(TYPE, { length: 32 });
    expect(a.diagnostics).toEqual([]);
    expect(a.result?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a.result?.value).not.toBe(b.result?.value);
    expect(a.renewAt).toBeUndefined();
  });

  it("goes through a whole cycle, and a closed token cannot be renewed or closed again", async () => {
    const cycle = await kit.ephemeral.cycle(TYPE, { length: 8 });
    expect(cycle.opened.result?.value).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(cycle.renewals).toEqual([]);
  });

  it("refuses a length out of range at the attribute", async () => {
    for (const length of [0, 1025]) {
      const { diagnostics } = await kit.ephemeral.validate(TYPE, { length });
      expect(diagnostics).toMatchObject([
        {
          severity: "error",
          summary: expect.stringContaining("length must be between 1 and 1024"),
          path: [{ attribute: "length" }],
        },
      ]);
    }
  });
});
