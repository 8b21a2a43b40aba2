// schemaDetails: what `tsvider docs` reads beside the schema (defaults, described validators,
// replacement, importability), and serve() writing it to TSVIDER_SCHEMA_DETAILS_FILE.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Dynamic, string } from "@tsvider/cty";
import { terraformMagicCookie } from "@tsvider/rpcplugin";
import { describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { importPassthrough } from "../import.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { customType, types } from "../schema/custom-types.js";
import { requiresReplace, requiresReplaceIf, useStateForUnknown } from "../schema/plan-modifiers.js";
import { t } from "../schema/types.js";
import { validate } from "../schema/validate.js";
import { serve } from "../serve.js";
import { SCHEMA_DETAILS_FILE_ENV, schemaDetails } from "./schema-details.js";

const disk = defineResource({
  typeName: "test_disk",
  schema: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({
      required: true,
      requiresReplace: true,
      validators: [validate.length({ min: 1, max: 63 }), (value) => (value === "x" ? "no x" : undefined)],
    }),
    size: attr.number({
      optional: true,
      computed: true,
      default: 10,
      validators: [validate.between(1, 100)],
      planModifiers: [requiresReplaceIf(() => true, "Replaces the disk when it shrinks.")],
    }),
    zone: attr.string({ optional: true, planModifiers: [requiresReplace()] }),
    anything: attr.dynamic({ optional: true, computed: true, default: new Dynamic(string, "hi") }),
    mount: attr.singleNested(
      { path: attr.string({ optional: true, computed: true, default: "/mnt" }) },
      { optional: true },
    ),
    rule: block.list(
      { port: attr.number({ required: true, validators: [validate.atLeast(1)] }) },
      { validators: [validate.length({ max: 3 })] },
    ),
    tag: block.list({ key: attr.string({ required: true }) }),
  },
  importState: importPassthrough("id"),
  // schemaDetails reads the schema only: these handlers are never called.
  create: async ({ plan }) => ({ ...plan, id: "1" }) as never,
  read: async ({ state }) => state,
  update: async ({ plan }) => plan as never,
  delete: async () => {},
});
const lookup = defineDataSource({
  typeName: "test_lookup",
  schema: {
    mode: attr.string({ optional: true, validators: [validate.oneOf(["a", "b"])] }),
    id: attr.string({ computed: true }),
  },
  read: async ({ config }) => ({ ...config, id: "x" }),
});
const noImport = defineResource({
  typeName: "test_fixed",
  schema: { id: attr.string({ computed: true }) },
  create: async () => ({ id: "1" }),
  read: async ({ state }) => state,
  delete: async () => {},
});
const provider = defineProvider({
  name: "test",
  version: "0.1.0",
  schema: {
    endpoint: attr.string({
      optional: true,
      validators: [validate.regex(/^https:/, "must start with https:")],
    }),
  },
  resources: [disk, noImport],
  dataSources: [lookup],
});

describe("schemaDetails", () => {
  it("gives defaults as cty JSON, described validators, replacement and importability", () => {
    const details = schemaDetails(provider);
    expect(details.format_version).toBe(1);
    expect(details.provider).toEqual({
      attributes: { endpoint: { validators: ["must start with https:"] } },
    });
    expect(details.resource_schemas?.test_disk).toEqual({
      importable: true,
      attributes: {
        // The function validator describes nothing, so only the built-in is listed.
        name: { validators: ["Length from 1 to 63."], requires_replace: true },
        size: {
          default: "10",
          validators: ["Must be from 1 to 100."],
          requires_replace_if: ["Replaces the disk when it shrinks."],
        },
        zone: { requires_replace: true },
        anything: { default: '"hi"' },
        mount: { attributes: { path: { default: '"/mnt"' } } },
      },
      block_types: {
        rule: {
          validators: ["Length at most 3."],
          attributes: { port: { validators: ["Must be at least 1."] } },
        },
      },
    });
    expect(details.resource_schemas?.test_fixed).toEqual({ importable: false });
    expect(details.data_source_schemas).toEqual({
      test_lookup: { attributes: { mode: { validators: ['One of "a", "b".'] } } },
    });
    expect(details).not.toHaveProperty("action_schemas");
  });

  it("names the custom type of an attribute, of a collection's elements, and inside a nested attribute", () => {
    const semver = customType({ base: t.string, name: "semantic version", equal: (a, b) => a === b });
    const described = customType({
      base: t.string,
      name: "hostname",
      description: "  A DNS name such as `db.example.com`; letter case does not matter.  ",
    });
    const host = defineResource({
      typeName: "test_host",
      schema: {
        id: attr.string({ computed: true }),
        expires_at: attr.custom(types.rfc3339, { optional: true, requiresReplace: true }),
        addresses: attr.list(types.ip, { optional: true }),
        peers: attr.set(types.cidr, { optional: true }),
        labels: attr.map(types.caseInsensitive, { optional: true }),
        version: attr.custom(semver, { optional: true }),
        name: attr.custom(described, { required: true }),
        plain: attr.list(t.string, { optional: true }),
        nested: attr.listNested(
          { document: attr.custom(types.json, { optional: true }) },
          { optional: true },
        ),
      },
      create: async () => ({}) as never,
      read: async ({ state }) => state,
      update: async ({ plan }) => plan as never,
      delete: async () => {},
    });
    const details = schemaDetails(defineProvider({ name: "test", version: "0.1.0", resources: [host] }))
      .resource_schemas?.test_host;
    expect(details).toEqual({
      importable: false,
      attributes: {
        expires_at: {
          custom_type: {
            name: "RFC 3339 timestamp",
            description:
              "An RFC 3339 timestamp such as `2030-01-01T00:00:00Z`; another spelling of the same instant is no change.",
          },
          requires_replace: true,
        },
        addresses: {
          element_custom_type: {
            name: "IP address",
            description:
              "An IPv4 or IPv6 address such as `192.0.2.10` or `2001:db8::1`; another spelling of the same address is no change.",
          },
        },
        peers: { element_custom_type: { name: "CIDR prefix", description: types.cidr.custom.description } },
        labels: {
          element_custom_type: {
            name: "case-insensitive string",
            description: types.caseInsensitive.custom.description,
          },
        },
        // An author's type without a description gives its name only; the pages show that.
        version: { custom_type: { name: "semantic version" } },
        name: {
          custom_type: {
            name: "hostname",
            description: "A DNS name such as `db.example.com`; letter case does not matter.",
          },
        },
        nested: {
          attributes: {
            document: { custom_type: { name: "JSON value", description: types.json.custom.description } },
          },
        },
      },
    });
  });

  it("refuses a custom type whose description is not text, at start-up", () => {
    expect(() => customType({ base: t.string, name: "hostname", description: 3 as never })).toThrow(
      'customType "hostname": description must be a string',
    );
  });

  it("gives every built-in custom type a one-sentence description", () => {
    for (const [key, type] of Object.entries(types)) {
      const description = type.custom.description;
      expect(description, key).toMatch(/^[A-Z].*\.$/s);
      // One sentence: no full stop followed by another sentence inside it.
      expect(description, key).not.toMatch(/\. [A-Z]/);
    }
  });

  it("is written by serve() to the file TSVIDER_SCHEMA_DETAILS_FILE names, before the handshake", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tsvider-details-"));
    try {
      const file = join(dir, "details.json");
      let fileAtHandshake: string | undefined;
      const running = await serve(provider, {
        env: {
          [terraformMagicCookie.key]: terraformMagicCookie.value,
          PLUGIN_PROTOCOL_VERSIONS: "6",
          [SCHEMA_DETAILS_FILE_ENV]: file,
        },
        writeHandshake: () => {
          fileAtHandshake = readFileSync(file, "utf8");
        },
        exit: () => {},
      });
      await running.stop();
      expect(JSON.parse(fileAtHandshake!)).toEqual(JSON.parse(JSON.stringify(schemaDetails(provider))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
