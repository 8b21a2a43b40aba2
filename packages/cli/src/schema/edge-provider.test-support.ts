// A provider entry point for hosts.test.ts that answers GetProviderSchema with the corners of
// the JSON shape the reference provider does not reach: every nesting mode, deprecation
// messages inside nested types, type JSON with unsorted keys and optional attributes, functions
// with empty texts, unnamed parameters and optional-attribute return types, identities (one
// for a resource that does not exist), list resources, actions and a state store.
// FIXTURE_PROTOCOL=5 serves tfplugin5 instead of 6; FIXTURE_ERROR answers with an error. Bundled with bundleProvider, so it runs as
// a real plugin process.
import { servePlugin } from "@tsvider/rpcplugin";
import * as v5 from "@tsvider/rpcplugin/tfplugin5";
import * as v6 from "@tsvider/rpcplugin/tfplugin6";

const protocol = process.env.FIXTURE_PROTOCOL === "5" ? 5 : 6;
const type = (json: unknown) => Buffer.from(JSON.stringify(json));
const MARKDOWN = 1;

// Nesting enums are the same numbers in both protocol majors.
const SINGLE = 1;
const LIST = 2;
const SET = 3;
const MAP = 4;
const GROUP = 5;

const attr = (name: string, fields: Record<string, unknown>) => ({ name, type: type("string"), ...fields });

function thingBlock() {
  return {
    description: "A thing with **every** kind of field & <markup>.",
    descriptionKind: MARKDOWN,
    attributes: [
      attr("zeta", { optional: true, description: "Last in the alphabet." }),
      attr("id", { computed: true }),
      attr("alpha", { required: true, descriptionKind: MARKDOWN, description: "`alpha`" }),
      attr("secret", { optional: true, sensitive: true, writeOnly: true }),
      attr("old", { optional: true, deprecated: true, deprecationMessage: "Use alpha." }),
      attr("shape", {
        optional: true,
        type: type(["object", { b: "string", a: ["list", "number"] }, ["b"]]),
      }),
      attr("anything", { optional: true, computed: true, type: type("dynamic") }),
      ...(protocol === 6
        ? [
            {
              name: "nested",
              type: Buffer.alloc(0),
              optional: true,
              nestedType: {
                nesting: LIST,
                attributes: [
                  attr("inner", {
                    optional: true,
                    deprecated: true,
                    deprecationMessage: "Inner is going away.",
                  }),
                  attr("count", { required: true, type: type("number") }),
                ],
              },
            },
            {
              name: "nested_map",
              type: Buffer.alloc(0),
              computed: true,
              nestedType: { nesting: MAP, attributes: [attr("value", { computed: true })] },
            },
          ]
        : []),
    ],
    blockTypes: [
      {
        typeName: "rule",
        nesting: LIST,
        minItems: 1n,
        maxItems: 3n,
        block: {
          description: "A rule.",
          deprecated: true,
          deprecationMessage: "Rules are deprecated.",
          attributes: [attr("x", { required: true })],
        },
      },
      { typeName: "group", nesting: GROUP, block: { attributes: [attr("y", { optional: true })] } },
      { typeName: "by_name", nesting: MAP, block: { attributes: [attr("z", { optional: true })] } },
      { typeName: "tags", nesting: SET, block: { attributes: [attr("key", { required: true })] } },
      { typeName: "timeouts", nesting: SINGLE, block: {} },
    ],
  };
}

const schema = (block: object, version = 0n) => ({ version, block });

const response = {
  provider: schema({ attributes: [attr("endpoint", { optional: true, description: "Where to connect." })] }),
  resourceSchemas: {
    fx_thing: schema(thingBlock(), 2n),
    fx_plain: schema({ attributes: [attr("id", { computed: true })] }),
  },
  dataSourceSchemas: { fx_info: schema({ attributes: [attr("value", { computed: true })] }) },
  ephemeralResourceSchemas: {
    fx_token: schema({ attributes: [attr("token", { computed: true, sensitive: true })] }),
  },
  listResourceSchemas: {
    fx_thing: schema({ attributes: [attr("filter", { optional: true }), attr("must", { required: true })] }),
  },
  actionSchemas: {
    fx_do: { schema: schema({ attributes: [attr("message", { required: true })] }) },
  },
  ...(protocol === 6
    ? { stateStoreSchemas: { fx_store: schema({ attributes: [attr("path", { required: true })] }) } }
    : {}),
  functions: {
    plain: { return: { type: type("string") } },
    fancy: {
      summary: "Fancy & <odd>",
      description: "Does *fancy* things.",
      descriptionKind: MARKDOWN,
      deprecationMessage: "Use plain.",
      parameters: [
        { name: "items", type: type(["list", "string"]), allowNullValue: true, description: "Items." },
        // No description: Terraform refuses an empty name, so that corner stays untested.
        { name: "any", type: type("dynamic"), allowUnknownValues: true },
      ],
      variadicParameter: { name: "rest", type: type("number"), description: "More numbers." },
      return: { type: type(["object", { z: "string", a: "bool" }, ["z"]]) },
    },
    shapes: {
      summary: "Shapes",
      parameters: [
        { name: "m", type: type(["map", "string"]) },
        { name: "s", type: type(["set", "number"]) },
        { name: "o", type: type(["object", { k: "string" }]) },
      ],
      return: { type: type(["tuple", ["string", ["list", ["object", { q: "number" }, ["q"]]]]]) },
    },
  },
};

// FIXTURE_ERROR: the provider cannot build its schema and says so in a diagnostic.
if (process.env.FIXTURE_ERROR) {
  Object.assign(response, {
    diagnostics: [{ severity: 1, summary: "Cannot build the schema", detail: "fx_thing is broken." }],
  });
}

const identities = {
  identitySchemas: {
    fx_thing: {
      version: 1n,
      identityAttributes: [
        { name: "region", type: type("string"), optionalForImport: true, description: "The region." },
        { name: "id", type: type("string"), requiredForImport: true },
      ],
    },
    fx_gone: {
      version: 0n,
      identityAttributes: [{ name: "id", type: type("string"), requiredForImport: true }],
    },
  },
};

type Callback = (error: null, value: unknown) => void;
const answer = (value: unknown) => (_call: unknown, callback: Callback) => callback(null, value);

void servePlugin({
  programName: "terraform-provider-fx",
  versions: {
    [protocol]: () =>
      protocol === 6
        ? [
            {
              definition: v6.ProviderService,
              implementation: {
                getProviderSchema: answer(v6.GetProviderSchema_Response.fromPartial(response)),
                getResourceIdentitySchemas: answer(
                  v6.GetResourceIdentitySchemas_Response.fromPartial(identities),
                ),
                getMetadata: answer(v6.GetMetadata_Response.fromPartial({})),
                stopProvider: answer({ Error: "" }),
              },
            },
          ]
        : [
            {
              definition: v5.ProviderService,
              implementation: {
                getSchema: answer(v5.GetProviderSchema_Response.fromPartial(response)),
                getResourceIdentitySchemas: answer(
                  v5.GetResourceIdentitySchemas_Response.fromPartial(identities),
                ),
                getMetadata: answer(v5.GetMetadata_Response.fromPartial({})),
                stop: answer({ Error: "" }),
              },
            },
          ],
  },
});
