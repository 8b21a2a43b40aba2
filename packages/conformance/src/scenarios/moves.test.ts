// Moves between resource types: a `moved` block from `scn_legacy_disk` to `scn_disk` makes the
// host send the stored source object to the target's provider (MoveResourceState) before
// anything else touches it. The mover gets the source's raw JSON state (numbers exact), its
// type, provider address and schema version, and its private data; the moved object must plan
// no change against config and keep its private data for later operations. A source no mover
// takes is refused, and nothing moves. Terraform also sends the source's identity, so the
// scenario runs on both hosts.
import { attr, defineProvider, defineResource, privateState } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, scenarioHosts } from "./scenario-providers.js";

const moves = new Journal<{
  sourceTypeName: string;
  sourceProviderAddress: string;
  sourceSchemaVersion: number;
  sourceState: unknown;
  sourcePrivate: unknown;
}>();
const privateSeen = new Journal<unknown>();

const legacy = defineResource({
  typeName: "scn_legacy_disk",
  version: 3,
  schema: { label: attr.string({ required: true }), megabytes: attr.number({ required: true }) },
  privateState: privateState<{ etag: string }>(),
  async create({ plan, setPrivate }) {
    setPrivate({ etag: `etag-${plan.label}` });
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

// A type no mover takes objects from.
const unrelated = defineResource({
  typeName: "scn_unrelated",
  schema: { label: attr.string({ required: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

const disk = defineResource({
  typeName: "scn_disk",
  schema: { name: attr.string({ required: true }), size_mb: attr.number({ required: true }) },
  privateState: privateState<{ etag: string }>(),
  moveState: [
    {
      sourceTypeName: "scn_legacy_disk",
      sourceSchemaVersion: 3,
      move: (ctx) => {
        moves.record({
          sourceTypeName: ctx.sourceTypeName,
          sourceProviderAddress: ctx.sourceProviderAddress,
          sourceSchemaVersion: ctx.sourceSchemaVersion,
          sourceState: ctx.sourceState,
          sourcePrivate: ctx.sourcePrivate,
        });
        return { name: String(ctx.sourceState.label), size_mb: ctx.sourceState.megabytes as number | bigint };
      },
    },
  ],
  async create({ plan }) {
    return plan;
  },
  async read({ state, private: stored }) {
    privateSeen.record(stored);
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [legacy, unrelated, disk],
  privateStateSecret: "scenario-moves-private-secret",
});

// 2^53 + 1: the mover must get it exactly.
const BIG = "9007199254740993";

describe("scenario: moves between resource types", () => {
  for (const host of scenarioHosts({ terraform: true })) {
    it(`moves an object to another type with its private data, and refuses an unknown source (${host.name})`, async () => {
      moves.clear();
      privateSeen.clear();
      await acceptanceTest({
        provider,
        address: SCENARIO_ADDRESS,
        ...(host.binary ? { binary: host.binary } : {}),
        steps: [
          {
            config: `resource "scn_legacy_disk" "d" {
  label     = "data"
  megabytes = ${BIG}
}
resource "scn_unrelated" "u" {
  label = "u"
}`,
          },
          {
            config: `moved {
  from = scn_legacy_disk.d
  to   = scn_disk.d
}
resource "scn_disk" "d" {
  name    = "data"
  size_mb = ${BIG}
}
resource "scn_unrelated" "u" {
  label = "u"
}`,
            planChecks: { preApply: [planCheck.action("scn_disk.d", "no-op")] },
            stateChecks: [
              stateCheck.absent("scn_legacy_disk.d"),
              stateCheck.attribute("scn_disk.d", "name", "data"),
            ],
            check: () => {
              const move = moves.entries[0];
              if (!move) throw new Error("scn_disk's mover was never called");
              expect(move.sourceTypeName).toBe("scn_legacy_disk");
              expect(move.sourceProviderAddress).toMatch(/\/tsvider\/scn$/);
              expect(move.sourceSchemaVersion).toBe(3);
              expect(String((move.sourceState as Record<string, unknown>).megabytes)).toBe(BIG);
              expect(move.sourcePrivate).toEqual({ etag: "etag-data" });
              // The moved object kept the source's private data for its next read.
              expect(privateSeen.entries.at(-1)).toEqual({ etag: "etag-data" });
            },
          },
          {
            config: `moved {
  from = scn_unrelated.u
  to   = scn_disk.u
}
resource "scn_disk" "d" {
  name    = "data"
  size_mb = ${BIG}
}
resource "scn_disk" "u" {
  name    = "u"
  size_mb = 1
}`,
            expectError: /scn_unrelated/,
          },
          {
            // Nothing moved: the same config as before still plans no change.
            config: `resource "scn_disk" "d" {
  name    = "data"
  size_mb = ${BIG}
}
resource "scn_unrelated" "u" {
  label = "u"
}`,
            planOnly: true,
          },
        ],
      });
    });
  }
});
