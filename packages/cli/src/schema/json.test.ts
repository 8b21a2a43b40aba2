// What each host prints differs in a few places; hosts.test.ts checks them against the real
// binaries, these pin them down without one.
import { describe, expect, it } from "vitest";
import { typeJson } from "./from-proto.js";
import { formatSchemaDocument, type ProviderSchemaJson, providerAddress, schemaDocument } from "./json.js";

const schema: ProviderSchemaJson = {
  provider: { version: 0, block: { description_kind: "plain" } },
  resource_schemas: {
    b_thing: {
      version: 1,
      block: {
        attributes: {
          nested: {
            nested_type: {
              attributes: {
                inner: { type: "string", description_kind: "plain", deprecation_message: "Gone." },
              },
              nesting_mode: "list",
            },
            description_kind: "plain",
            optional: true,
          },
        },
        description_kind: "plain",
      },
    },
    a_thing: { version: 0, block: { description: "<b> & co", description_kind: "markdown" } },
  },
  functions: {
    f: {
      description: "",
      summary: "",
      deprecation_message: "Use g.",
      return_type: ["object", { a: "string" }, ["a"]],
      parameters: [{ name: "x", description: "", type: "number", is_nullable: true }],
    },
  },
  list_resource_schemas: { a_thing: { version: 0, block: { description_kind: "plain" } } },
  action_schemas: { act: { block: { description_kind: "plain" } } },
};

describe("schemaDocument", () => {
  it("gives OpenTofu's shape: no Terraform-only kinds, its function texts, no nested deprecation messages", () => {
    const address = providerAddress("acme", "thing", "tofu");
    expect(address).toBe("registry.opentofu.org/acme/thing");
    const provider = schemaDocument(address, schema, "tofu").provider_schemas?.[address];
    expect(Object.keys(provider ?? {})).toEqual(["provider", "resource_schemas", "functions"]);
    expect(Object.keys(provider?.resource_schemas ?? {})).toEqual(["a_thing", "b_thing"]);
    expect(
      provider?.resource_schemas?.b_thing?.block?.attributes?.nested?.nested_type?.attributes?.inner,
    ).toEqual({
      type: "string",
      description_kind: "plain",
    });
    expect(provider?.functions?.f).toEqual({
      description: "",
      summary: "",
      return_type: ["object", { a: "string" }],
      parameters: [{ name: "x", description: "", type: "number", is_nullable: true }],
    });
  });

  it("gives Terraform's shape: every kind, empty texts left out, the function's deprecation and full types", () => {
    const address = providerAddress("acme", "thing", "terraform");
    const provider = schemaDocument(address, schema, "terraform").provider_schemas?.[address];
    expect(Object.keys(provider ?? {})).toEqual([
      "provider",
      "resource_schemas",
      "list_resource_schemas",
      "functions",
      "action_schemas",
    ]);
    expect(
      provider?.resource_schemas?.b_thing?.block?.attributes?.nested?.nested_type?.attributes?.inner,
    ).toHaveProperty("deprecation_message", "Gone.");
    expect(JSON.stringify(provider?.functions?.f)).toBe(
      '{"deprecation_message":"Use g.","return_type":["object",{"a":"string"},["a"]],"parameters":[{"name":"x","is_nullable":true,"type":"number"}]}',
    );
  });

  it("prints compact JSON with Go's HTML escapes and a final newline", () => {
    const text = formatSchemaDocument(schemaDocument("x/y", schema, "tofu"));
    expect(text).toContain('"description":"\\u003cb\\u003e \\u0026 co"');
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(2);
  });
});

describe("typeJson", () => {
  it("sorts object attributes and optional names as cty does, and refuses what is not a type", () => {
    expect(typeJson(Buffer.from('["object",{"z":"string","a":["map","bool"]},["z","a"]]'))).toEqual([
      "object",
      { a: ["map", "bool"], z: "string" },
      ["a", "z"],
    ]);
    expect(typeJson(Buffer.from('["tuple",[["object",{"b":"number","a":"string"}]]]'))).toEqual([
      "tuple",
      [["object", { a: "string", b: "number" }]],
    ]);
    expect(() => typeJson(Buffer.from("{oops"))).toThrow(/a type that is not JSON/);
  });
});
