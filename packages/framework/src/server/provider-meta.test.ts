// providerMetaFor, called directly: what handlers get as providerMeta.
import { Decimal } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { serverWith } from "./core-fixture.test-support.js";
import { providerMetaFor } from "./provider-meta.js";

describe("providerMetaFor", () => {
  const metaSchema = { module: attr.string({ optional: true }), weight: attr.float64({ optional: true }) };

  it("is null when the module sets no provider_meta, or the provider declares no schema", () => {
    expect(providerMetaFor(serverWith({ metaSchema }), null)).toBeNull();
    expect(providerMetaFor(serverWith({ metaSchema }), undefined)).toBeNull();
    expect(providerMetaFor(serverWith(), { module: "m" })).toBeNull();
  });

  it("hands the values over as authors see them (float64 as the nearest double)", () => {
    const meta = providerMetaFor(serverWith({ metaSchema }), { module: "m", weight: new Decimal("0.5") });
    expect(meta).toEqual({ module: "m", weight: 0.5 });
  });
});
