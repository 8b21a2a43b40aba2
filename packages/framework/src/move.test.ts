// The types a mover sees and returns: the target's state, its private data and identity types,
// and the source as raw JSON data.
import { describe, expectTypeOf, it } from "vitest";
import { identityAttr } from "./identity.js";
import type { StateMover } from "./move.js";
import { privateState } from "./private-state.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import type { RawState } from "./state-upgrade.js";

const base = {
  schema: { id: attr.string({ computed: true }), size_gb: attr.int64({ required: true }) },
  async create() {
    return { id: "x", size_gb: 1 };
  },
  async read() {
    return null;
  },
  async update() {
    return { id: "x", size_gb: 1 };
  },
  async delete() {},
};

describe("moveState types", () => {
  it("types the source as raw JSON and the result as the target's (partial) state", () => {
    defineResource({
      ...base,
      typeName: "test_disk",
      moveState: [
        {
          sourceTypeName: "test_volume",
          move(ctx) {
            expectTypeOf(ctx.sourceState).toEqualTypeOf<RawState>();
            expectTypeOf(ctx.sourceSchemaVersion).toEqualTypeOf<number>();
            expectTypeOf(ctx.sourcePrivateBytes).toEqualTypeOf<Uint8Array>();
            expectTypeOf(ctx.sourceIdentity).toEqualTypeOf<RawState | null>();
            // No identity declared: nothing to set.
            expectTypeOf(ctx).not.toHaveProperty("setIdentity");
            return { id: String(ctx.sourceState.id) };
          },
        },
      ],
    });
    defineResource({
      ...base,
      typeName: "test_disk",
      moveState: [
        // @ts-expect-error size_gb is a number in the target's schema
        { sourceTypeName: "test_volume", move: () => ({ size_gb: "big" }) },
      ],
    });
  });

  it("types setPrivate by the resource's private data and setIdentity by its identity", () => {
    const disk = defineResource({
      ...base,
      typeName: "test_disk",
      privateState: privateState<{ etag: string }>(),
      identity: { schema: { id: identityAttr.string({ requiredForImport: true }) } },
      moveState: [
        {
          sourceTypeName: "test_volume",
          move(ctx) {
            ctx.setPrivate({ etag: "e" });
            // @ts-expect-error the private data has no such field
            ctx.setPrivate({ revision: 1 });
            ctx.setIdentity({ id: "d-1" });
            expectTypeOf(ctx.identity).toEqualTypeOf<{ id: string } | null>();
            return { id: "d-1", size_gb: 1 };
          },
        },
      ],
    });
    expectTypeOf(disk.moveState).toMatchTypeOf<readonly StateMover[] | undefined>();
  });
});
