// providerMetaForAuthor, called directly: what handlers get as providerMeta.
import { Decimal } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { providerMetaForAuthor } from "./author-values.js";

describe("providerMetaForAuthor", () => {
  const metaSchema = { module: attr.string({ optional: true }), weight: attr.float64({ optional: true }) };

  it("is null when the module sets no provider_meta, or the provider declares no schema", () => {
    expect(providerMetaForAuthor(metaSchema, null)).toBeNull();
    expect(providerMetaForAuthor(metaSchema, undefined)).toBeNull();
    expect(providerMetaForAuthor(undefined, { module: "m" })).toBeNull();
  });

  it("hands the values over as authors see them (float64 as the nearest double)", () => {
    const meta = providerMetaForAuthor(metaSchema, { module: "m", weight: new Decimal("0.5") });
    expect(meta).toEqual({ module: "m", weight: 0.5 });
  });
});
