import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import type { Schema } from "../schema/schema.js";
import type { ObjectValue } from "../values/object-value.js";
import { proposedNewState } from "./proposed-new.js";

const schema = {
  id: attr.string({ computed: true }),
  name: attr.string({ required: true }),
  size: attr.int64({ optional: true, computed: true }),
  note: attr.string({ optional: true }),
  disk: attr.singleNested(
    { size_gb: attr.int64({ required: true }), uuid: attr.string({ computed: true }) },
    { optional: true },
  ),
  ports: attr.setNested(
    { number: attr.int64({ required: true }), protocol: attr.string({ optional: true, computed: true }) },
    { optional: true },
  ),
  defaults: attr.singleNested({ label: attr.string({ optional: true }) }, { optional: true, computed: true }),
  network: block.list({ cidr: attr.string({ required: true }), gateway: attr.string({ computed: true }) }),
  group: block.group({ flag: attr.bool({ optional: true }), seen: attr.string({ computed: true }) }),
} satisfies Schema;

const config = {
  id: null,
  name: "web",
  size: null,
  note: null,
  disk: { size_gb: 10, uuid: null },
  ports: [{ number: 80, protocol: null }],
  defaults: null,
  network: [{ cidr: "10.0.0.0/24", gateway: null }],
  group: { flag: true, seen: null },
};

describe("proposedNewState, as Terraform's ProposedNew", () => {
  it("on create is the config, computed attributes null at every level", () => {
    expect(proposedNewState(schema, null, config)).toEqual(config);
  });

  it("is null for a destroy, and with nothing before or after", () => {
    expect(proposedNewState(schema, null, null)).toBeNull();
  });

  it("keeps prior values of computed attributes the config leaves null, at every level", () => {
    const prior = {
      id: "srv-1",
      name: "old",
      size: 2,
      note: "gone",
      disk: { size_gb: 5, uuid: "d-1" },
      ports: [
        { number: 443, protocol: "tcp" },
        { number: 80, protocol: "udp" },
      ],
      defaults: { label: "x" },
      network: [{ cidr: "10.0.0.0/16", gateway: "10.0.0.1" }],
      group: { flag: false, seen: "yes" },
    };
    expect(proposedNewState(schema, prior, config)).toEqual({
      id: "srv-1",
      name: "web",
      size: 2,
      // Optional, not computed: config wins, null included.
      note: null,
      disk: { size_gb: 10, uuid: "d-1" },
      // The set element pairs with the prior element config could have produced.
      ports: [{ number: 80, protocol: "udp" }],
      // Optional+computed nested attribute whose prior value holds a configured attribute:
      // removed from config, so null rather than kept.
      defaults: null,
      network: [{ cidr: "10.0.0.0/24", gateway: "10.0.0.1" }],
      group: { flag: true, seen: "yes" },
    });
  });

  it("takes list elements beyond the prior list from config, and config's unknowns as they are", () => {
    const prior = { ...config, id: "a", network: [{ cidr: "1", gateway: "g1" }] };
    const next: ObjectValue = {
      ...config,
      name: Unknown,
      network: [
        { cidr: "1", gateway: null },
        { cidr: "2", gateway: null },
      ],
    };
    const proposed = proposedNewState(schema, prior, next);
    expect(proposed?.name).toBe(Unknown);
    expect(proposed?.network).toEqual([
      { cidr: "1", gateway: "g1" },
      { cidr: "2", gateway: null },
    ]);
  });

  it("keeps an optional+computed nested attribute whose prior holds only computed values", () => {
    const computedOnly = {
      meta: attr.singleNested({ made: attr.string({ computed: true }) }, { optional: true, computed: true }),
    } satisfies Schema;
    expect(proposedNewState(computedOnly, { meta: { made: "t" } }, { meta: null })).toEqual({
      meta: { made: "t" },
    });
  });
});
