// The identity author API: the start-up checks of `identity` on defineResource, each with the
// FrameworkConfigurationError it gives, and the types handlers see (compile-time tests).
import * as cty from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { definitionOf, type ResourceInput } from "./decorators.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { createHub } from "./hub.js";
import { type Identity, identityAttr } from "./identity.js";
import { importPassthrough } from "./import.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { t } from "./schema/types.js";

const schema = { path: attr.string({ required: true, requiresReplace: true }) };
const handlers = {
  async create({ plan }: { plan: { path: string } }) {
    return plan;
  },
  async read({ state }: { state: { path: string } }) {
    return state;
  },
  async delete() {},
};

function define(identity: unknown) {
  return () => defineResource({ typeName: "test_file", schema, ...handlers, identity: identity as never });
}

function refusal(identity: unknown): { message: string; detail: string | undefined } {
  try {
    define(identity)();
  } catch (err) {
    expect(err).toBeInstanceOf(FrameworkConfigurationError);
    return { message: (err as Error).message, detail: (err as FrameworkConfigurationError).detail };
  }
  throw new Error("defineResource accepted it");
}

describe("identity at definition time", () => {
  it("builds the identity type from the schema, and exposes the schema", () => {
    const r = defineResource({
      typeName: "test_file",
      schema,
      ...handlers,
      identity: {
        version: 1,
        schema: {
          path: identityAttr.string({ requiredForImport: true, description: "Where it is." }),
          size: identityAttr.number({ optionalForImport: true }),
          inode: identityAttr.int64({ optionalForImport: true }),
          hidden: identityAttr.bool({ optionalForImport: true }),
          parts: identityAttr.list(t.string, { optionalForImport: true }),
        },
        upgraders: {
          0: ({ rawIdentity }) => ({
            path: String(rawIdentity.p),
            size: null,
            inode: null,
            hidden: null,
            parts: null,
          }),
        },
      },
    });
    expect(
      cty.typeEquals(
        r.identityType!,
        cty.object({
          path: cty.string,
          size: cty.number,
          inode: cty.number,
          hidden: cty.bool,
          parts: cty.list(cty.string),
        }),
      ),
    ).toBe(true);
    expect(Object.keys(r.identity!.schema)).toEqual(["path", "size", "inode", "hidden", "parts"]);
    expect(r.identity!.schema.path.options.description).toBe("Where it is.");
  });

  it("leaves identityType undefined without identity", () => {
    expect(defineResource({ typeName: "test_file", schema, ...handlers }).identityType).toBeUndefined();
  });

  it("refuses an attribute neither or both required and optional for import", () => {
    expect(refusal({ schema: { path: identityAttr.string({}) } })).toEqual({
      message: `resource test_file's identity attribute "path" is neither required nor optional for import`,
      detail:
        "Set exactly one: requiredForImport: true (an import block must give it) or optionalForImport: true (it may).",
    });
    expect(
      refusal({ schema: { path: identityAttr.string({ requiredForImport: true, optionalForImport: true }) } })
        .message,
    ).toBe(`resource test_file's identity attribute "path" is both required and optional for import`);
  });

  it("refuses a schema attribute built with attr, or of a type identity cannot hold", () => {
    expect(refusal({ schema: { path: attr.string({ required: true }) } }).message).toBe(
      `resource test_file's identity attribute "path" is not an identity attribute`,
    );
    const nested = {
      kind: "identityAttribute",
      value: t.map(t.string),
      type: cty.map(cty.string),
      options: { requiredForImport: true },
    };
    expect(refusal({ schema: { tags: nested } })).toEqual({
      message: `resource test_file's identity attribute "tags" has type map of string`,
      detail: "Identity attributes are strings, numbers, bools, or lists of them (Terraform's rule).",
    });
  });

  it("refuses a bad name, an empty schema, or no schema", () => {
    expect(refusal({ schema: { Path: identityAttr.string({ requiredForImport: true }) } }).message).toBe(
      `resource test_file's identity attribute "Path" has a name that is not valid`,
    );
    expect(refusal({ schema: {} }).message).toBe("resource test_file's identity schema has no attributes");
    expect(refusal({}).message).toBe("resource test_file's identity has no schema");
    expect(refusal("path").message).toBe("resource test_file has an identity that is not an object");
  });

  it("refuses a bad version and upgraders for versions not in the past", () => {
    const ok = { path: identityAttr.string({ requiredForImport: true }) };
    expect(refusal({ schema: ok, version: -1 }).message).toBe("resource test_file's identity has version -1");
    expect(refusal({ schema: ok, version: 1, upgraders: { 1: () => ({}) } })).toEqual({
      message: `resource test_file's identity has an upgrader for version "1"`,
      detail: "Identity upgraders are keyed by past versions, 0 to 0: the current version, 1, needs none.",
    });
    expect(refusal({ schema: ok, upgraders: { 0: () => ({}) } }).detail).toContain("set identity.version");
    expect(refusal({ schema: ok, version: 1, upgraders: { 0: "no" } }).message).toBe(
      "resource test_file's identity upgrader for version 0 is not a function",
    );
    expect(refusal({ schema: ok, version: 1, upgraders: [] }).message).toBe(
      "resource test_file's identity upgraders are not an object",
    );
  });
});

describe("identity types", () => {
  const identity = {
    schema: {
      path: identityAttr.string({ requiredForImport: true }),
      zone: identityAttr.string({ optionalForImport: true }),
      inode: identityAttr.int64({ optionalForImport: true }),
      parts: identityAttr.list(t.string, { optionalForImport: true }),
    },
  };
  type Expected = {
    path: string;
    zone: string | null;
    inode: number | bigint | null;
    parts: readonly string[] | null;
  };

  it("types identity and setIdentity in every handler from the identity schema", () => {
    expectTypeOf<Identity<typeof identity.schema>>().toEqualTypeOf<Expected>();
    defineResource({
      typeName: "test_file",
      schema,
      identity,
      async create({ plan, identity, setIdentity }) {
        expectTypeOf(identity).toEqualTypeOf<Expected | null>();
        setIdentity({ path: plan.path, zone: null, inode: 1, parts: ["a"] });
        // @ts-expect-error: path is required for import, so never null.
        setIdentity({ path: null, zone: null, inode: null, parts: null });
        // @ts-expect-error: the identity schema has no "region".
        setIdentity({ path: "p", zone: null, inode: null, parts: null, region: "x" });
        return plan;
      },
      async read({ state, identity, setIdentity }) {
        expectTypeOf(identity).toEqualTypeOf<Expected | null>();
        expectTypeOf(setIdentity).parameter(0).toEqualTypeOf<Expected>();
        return state;
      },
      async delete({ identity }) {
        expectTypeOf(identity).toEqualTypeOf<Expected | null>();
      },
      async importState(ctx) {
        if (ctx.id !== null) {
          expectTypeOf(ctx.identity).toEqualTypeOf<null>();
          return { path: ctx.id };
        }
        expectTypeOf(ctx.identity).toEqualTypeOf<Expected>();
        return { path: ctx.identity.path };
      },
    });
  });

  it("types upgraders to return the current identity", () => {
    defineResource({
      typeName: "test_file",
      schema,
      ...handlers,
      identity: {
        ...identity,
        version: 1,
        upgraders: {
          // @ts-expect-error: the upgraded identity lacks "path".
          0: () => ({ zone: null, inode: null, parts: null }),
        },
      },
    });
  });

  it("gives a resource without identity no identity in handlers, and importState a string ID", () => {
    defineResource({
      typeName: "test_file",
      schema,
      async create(ctx) {
        expectTypeOf(ctx).not.toHaveProperty("setIdentity");
        expectTypeOf(ctx).not.toHaveProperty("identity");
        return ctx.plan;
      },
      async read({ state }) {
        return state;
      },
      async delete() {},
      async importState({ id }) {
        expectTypeOf(id).toEqualTypeOf<string>();
        return { path: id };
      },
    });
  });

  it("lets importPassthrough serve resources with and without identity", () => {
    defineResource({
      typeName: "test_file",
      schema,
      ...handlers,
      identity,
      importState: importPassthrough("path"),
    });
    defineResource({ typeName: "test_file", schema, ...handlers, importState: importPassthrough("path") });
  });
});

describe("importPassthrough", () => {
  it("copies the identity's set attributes into state when imported by identity", async () => {
    const passthrough = importPassthrough("path");
    expect(await passthrough({ id: "/x" })).toEqual({ path: "/x" });
    expect(await passthrough({ id: null, identity: { path: "/y", zone: null } })).toEqual({ path: "/y" });
  });
});

describe("identity on a class", () => {
  it("comes from the class's identity field, and ResourceInput types the handlers", () => {
    const hub = createHub();
    const idSchema = { path: identityAttr.string({ requiredForImport: true }) };
    @hub.resource("test_class_file")
    class ClassFile {
      schema = schema;
      identity = { schema: idSchema };
      async create({
        plan,
        setIdentity,
      }: ResourceInput<typeof schema, unknown, never, typeof idSchema>["create"]) {
        expectTypeOf(setIdentity).parameter(0).toEqualTypeOf<{ path: string }>();
        setIdentity({ path: plan.path });
        return plan;
      }
      async read({ state }: ResourceInput<typeof schema>["read"]) {
        return state;
      }
      async delete() {}
    }
    const resource = definitionOf(ClassFile);
    expect(resource.identityType?.attributeNames).toEqual(["path"]);
    expectTypeOf<ResourceInput<typeof schema>["read"]>().not.toHaveProperty("identity");
  });
});
