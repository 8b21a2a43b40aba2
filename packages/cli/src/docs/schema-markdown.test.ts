import { describe, expect, it } from "vitest";
import type { BlockDetailsJson } from "../schema/details.js";
import type { BlockJson } from "../schema/json.js";
import { friendlyTypeName, identitySchemaMarkdown, schemaMarkdown, typeLabel } from "./schema-markdown.js";

describe("schemaMarkdown with the provider's schema details", () => {
  const block: BlockJson = {
    attributes: {
      name: { type: "string", required: true, description: "The name" },
      mode: { type: "string", optional: true, computed: true, description: "The mode." },
      size: { type: "number", optional: true },
      quote: { type: "string", optional: true, computed: true },
      secret: { type: "string", optional: true, sensitive: true },
      disk: {
        nested_type: {
          nesting_mode: "single",
          attributes: { gb: { type: "number", optional: true, computed: true } },
        },
        optional: true,
      },
      id: { type: "string", computed: true },
    },
    block_types: {
      rule: {
        nesting_mode: "list",
        block: { description: "A rule.", attributes: { port: { type: "number", required: true } } },
      },
    },
  };
  const details: BlockDetailsJson = {
    attributes: {
      name: {
        validators: ["Length from 1 to 63.", "must start with a letter"],
        requires_replace: true,
      },
      mode: { default: '"0644"', validators: ['One of "0644", "0600".'] },
      size: { requires_replace_if: ["Replaces the disk when it shrinks."] },
      quote: { default: '"`"' },
      disk: { attributes: { gb: { default: "10", validators: ["Must be from 1 to 100."] } } },
    },
    block_types: {
      rule: {
        validators: ["Length at most 3."],
        attributes: { port: { validators: ["Must be at least 1."] } },
      },
    },
  };

  it("adds the default, the validators as sentences and replacement after each description", () => {
    expect(schemaMarkdown(block, { details, storedInState: true })).toBe(
      [
        "## Schema",
        "",
        "### Required",
        "",
        // A description without a final stop gets one before the notes; a phrase becomes a sentence.
        "- `name` (String) The name. Length from 1 to 63. Must start with a letter. Changing this forces a new resource.",
        "",
        "### Optional",
        "",
        "- `disk` (Attributes) (see [below for nested schema](#nestedatt--disk))",
        '- `mode` (String) The mode. Defaults to `"0644"`. One of "0644", "0600".',
        '- `quote` (String) Defaults to `` "`" ``.',
        "- `rule` (Block List) A rule. Length at most 3. (see [below for nested schema](#nestedblock--rule))",
        "- `secret` (String, Sensitive) Sensitive: hidden in plan and apply output, but stored in the state.",
        "- `size` (Number) Replaces the disk when it shrinks.",
        "",
        "### Read-Only",
        "",
        "- `id` (String) The ID of this resource.",
        "",
        '<a id="nestedatt--disk"></a>',
        "### Nested Schema for `disk`",
        "",
        "Optional:",
        "",
        "- `gb` (Number) Defaults to `10`. Must be from 1 to 100.",
        "",
        '<a id="nestedblock--rule"></a>',
        "### Nested Schema for `rule`",
        "",
        "Required:",
        "",
        "- `port` (Number) Must be at least 1.",
      ].join("\n"),
    );
  });

  it("says a custom type's form after the description and before the default, for a value and for each element", () => {
    const rfc3339 = {
      name: "RFC 3339 timestamp",
      description:
        "An RFC 3339 timestamp such as `2030-01-01T00:00:00Z`; another spelling of the same instant is no change.",
    };
    const typed: BlockJson = {
      attributes: {
        expires_at: { type: "string", optional: true, computed: true, description: "When it expires" },
        addresses: { type: ["list", "string"], optional: true, description: "The addresses." },
        labels: { type: ["map", "string"], optional: true },
        documents: { type: ["set", "string"], optional: true },
        version: { type: "string", optional: true },
        versions: { type: ["list", "string"], optional: true },
        host: {
          nested_type: { nesting_mode: "single", attributes: { at: { type: "string", required: true } } },
          optional: true,
        },
      },
    };
    const typedDetails: BlockDetailsJson = {
      attributes: {
        expires_at: {
          custom_type: rfc3339,
          default: '"2030-01-01T00:00:00Z"',
          validators: ["Not in the past."],
          requires_replace: true,
        },
        addresses: {
          element_custom_type: {
            name: "IP address",
            description: "An IPv4 or IPv6 address such as `192.0.2.10`; another spelling is no change.",
          },
        },
        labels: {
          element_custom_type: {
            name: "case-insensitive string",
            description: "Text in which letter case does not matter",
          },
        },
        documents: { element_custom_type: { name: "JSON value", description: "JSON text such as `{}`." } },
        version: { custom_type: { name: "semantic version" } },
        versions: { element_custom_type: { name: "semantic version" } },
        host: { attributes: { at: { custom_type: rfc3339 } } },
      },
    };
    const text = schemaMarkdown(typed, { details: typedDetails });
    expect(text).toContain(
      "- `expires_at` (String) When it expires. An RFC 3339 timestamp such as `2030-01-01T00:00:00Z`; another spelling of the same instant is no change. " +
        'Defaults to `"2030-01-01T00:00:00Z"`. Not in the past. Changing this forces a new resource.\n',
    );
    expect(text).toContain(
      "- `addresses` (List of String) The addresses. Each element is an IPv4 or IPv6 address such as `192.0.2.10`; another spelling is no change.\n",
    );
    // A map's elements are its values; a description gets its final stop.
    expect(text).toContain(
      "- `labels` (Map of String) Each value is text in which letter case does not matter.\n",
    );
    // An acronym keeps its capitals.
    expect(text).toContain("- `documents` (Set of String) Each element is JSON text such as `{}`.\n");
    // A type the author did not describe is named.
    expect(text).toContain("- `version` (String) Format: semantic version.\n");
    expect(text).toContain("- `versions` (List of String) Format of each element: semantic version.\n");
    // The last line of the section: nothing follows it.
    expect(text.endsWith(`- \`at\` (String) ${rfc3339.description}`)).toBe(true);
    expect(schemaMarkdown(typed)).toContain("- `expires_at` (String) When it expires\n");
  });

  it("says only what the schema says without details, and keeps state out of the sensitive note when asked", () => {
    const plain = schemaMarkdown(block);
    expect(plain).toContain("- `name` (String) The name\n");
    expect(plain).toContain("- `mode` (String) The mode.\n");
    expect(plain).not.toMatch(/Defaults to|forces a new resource|Length/);
    expect(plain).toContain("- `secret` (String, Sensitive) Sensitive: hidden in plan and apply output.\n");
  });
});

describe("schemaMarkdown", () => {
  it("groups attributes as Required, Optional and Read-Only, names in order, with their markers", () => {
    const block: BlockJson = {
      attributes: {
        name: { type: "string", required: true, description: "The name." },
        token: { type: "string", optional: true, sensitive: true, description: "A token." },
        old_name: { type: "string", optional: true, deprecated: true, description: "Use name." },
        password_wo: {
          type: "string",
          optional: true,
          write_only: true,
          sensitive: true,
          description: "Never stored.",
        },
        tags: { type: ["map", "string"], optional: true, computed: true },
        id: { type: "string", computed: true },
        ports: { type: ["list", "number"], computed: true, description: "Ports." },
        on: { type: "bool", computed: true },
        anything: { type: "dynamic", required: true },
      },
    };
    expect(schemaMarkdown(block)).toBe(
      [
        "## Schema",
        "",
        "### Required",
        "",
        "- `anything` (Dynamic)",
        "- `name` (String) The name.",
        "",
        "### Optional",
        "",
        "> **NOTE**: [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments) are supported in Terraform 1.11 and later.",
        "",
        "- `old_name` (String, Deprecated) Use name.",
        "- `password_wo` (String, Sensitive, [Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)) Never stored. Write-only: the provider receives it from the configuration, but it is never stored in the plan or the state.",
        "- `tags` (Map of String)",
        "- `token` (String, Sensitive) A token. Sensitive: hidden in plan and apply output.",
        "",
        "### Read-Only",
        "",
        "- `id` (String) The ID of this resource.",
        "- `on` (Boolean)",
        "- `ports` (List of Number) Ports.",
      ].join("\n"),
    );
  });

  it("writes nested blocks with their nesting, limits and an anchored section each, recursively", () => {
    const block: BlockJson = {
      attributes: { path: { type: "string", required: true } },
      block_types: {
        rule: {
          nesting_mode: "list",
          min_items: 1,
          max_items: 16,
          block: {
            description: "A rule.",
            attributes: {
              port: { type: "number", required: true, description: "The port." },
              address: { type: "string", computed: true },
            },
            block_types: {
              match: {
                nesting_mode: "set",
                block: { attributes: { host: { type: "string", optional: true } } },
              },
            },
          },
        },
        timeouts: {
          nesting_mode: "single",
          block: { attributes: { create: { type: "string", optional: true } }, deprecated: true },
        },
        status: { nesting_mode: "list", block: { attributes: { code: { type: "number", computed: true } } } },
      },
    };
    expect(schemaMarkdown(block)).toBe(
      [
        "## Schema",
        "",
        "### Required",
        "",
        "- `path` (String)",
        "- `rule` (Block List, Min: 1, Max: 16) A rule. (see [below for nested schema](#nestedblock--rule))",
        "",
        "### Optional",
        "",
        "- `timeouts` (Block, Optional, Deprecated) (see [below for nested schema](#nestedblock--timeouts))",
        "",
        "### Read-Only",
        "",
        "- `status` (Block List) (see [below for nested schema](#nestedblock--status))",
        "",
        '<a id="nestedblock--rule"></a>',
        "### Nested Schema for `rule`",
        "",
        "Required:",
        "",
        "- `port` (Number) The port.",
        "",
        "Optional:",
        "",
        "- `match` (Block Set) (see [below for nested schema](#nestedblock--rule--match))",
        "",
        "Read-Only:",
        "",
        "- `address` (String)",
        "",
        '<a id="nestedblock--rule--match"></a>',
        "### Nested Schema for `rule.match`",
        "",
        "Optional:",
        "",
        "- `host` (String)",
        "",
        '<a id="nestedblock--timeouts"></a>',
        "### Nested Schema for `timeouts`",
        "",
        "Optional:",
        "",
        "- `create` (String)",
        "",
        '<a id="nestedblock--status"></a>',
        "### Nested Schema for `status`",
        "",
        "Read-Only:",
        "",
        "- `code` (Number)",
      ].join("\n"),
    );
  });

  it("writes nested attributes and object types with nestedatt and nestedobjatt anchors", () => {
    const block: BlockJson = {
      attributes: {
        summary: {
          computed: true,
          description: "Counted.",
          nested_type: {
            nesting_mode: "single",
            attributes: {
              count: { type: "number", computed: true, description: "How many." },
              names: { type: ["list", "string"], computed: true },
            },
          },
        },
        servers: {
          optional: true,
          sensitive: true,
          nested_type: { nesting_mode: "list", attributes: { host: { type: "string", required: true } } },
        },
        info: {
          computed: true,
          type: ["object", { name: "string", inner: ["list", ["object", { depth: "number" }]] }],
        },
      },
    };
    expect(schemaMarkdown(block)).toBe(
      [
        "## Schema",
        "",
        "### Optional",
        "",
        "- `servers` (Attributes List, Sensitive) Sensitive: hidden in plan and apply output. (see [below for nested schema](#nestedatt--servers))",
        "",
        "### Read-Only",
        "",
        "- `info` (Object) (see [below for nested schema](#nestedatt--info))",
        "- `summary` (Attributes) Counted. (see [below for nested schema](#nestedatt--summary))",
        "",
        '<a id="nestedatt--servers"></a>',
        "### Nested Schema for `servers`",
        "",
        "Required:",
        "",
        "- `host` (String)",
        "",
        '<a id="nestedatt--info"></a>',
        "### Nested Schema for `info`",
        "",
        "Read-Only:",
        "",
        "- `inner` (List of Object) (see [below for nested schema](#nestedobjatt--info--inner))",
        "- `name` (String)",
        "",
        '<a id="nestedobjatt--info--inner"></a>',
        "### Nested Schema for `info.inner`",
        "",
        "Read-Only:",
        "",
        "- `depth` (Number)",
        "",
        '<a id="nestedatt--summary"></a>',
        "### Nested Schema for `summary`",
        "",
        "Read-Only:",
        "",
        "- `count` (Number) How many.",
        "- `names` (List of String)",
      ].join("\n"),
    );
  });

  it("refuses an attribute that is neither required, optional nor computed, naming its path", () => {
    expect(() =>
      schemaMarkdown({
        block_types: { b: { nesting_mode: "list", block: { attributes: { x: { type: "string" } } } } },
      }),
    ).toThrow(/b is neither required, optional nor computed/);
  });
});

describe("identitySchemaMarkdown", () => {
  it("lists the attributes required and optional for import", () => {
    expect(
      identitySchemaMarkdown({
        version: 0,
        attributes: {
          region: { type: "string", optional_for_import: true },
          filename: { type: "string", required_for_import: true, description: "The path." },
        },
      }),
    ).toBe(
      [
        "### Identity Schema",
        "",
        "#### Required",
        "",
        "- `filename` (String) The path.",
        "",
        "#### Optional",
        "",
        "- `region` (String)",
      ].join("\n"),
    );
  });
});

describe("type names", () => {
  it("names types as the Schema section and as a function signature do", () => {
    expect(typeLabel(["set", ["map", "bool"]])).toBe("Set of Map of Boolean");
    expect(typeLabel(["tuple", ["string"]])).toBe("Tuple");
    expect(friendlyTypeName(["list", "string"])).toBe("list of string");
    expect(friendlyTypeName(["object", { a: "string" }])).toBe("object");
    expect(friendlyTypeName("dynamic")).toBe("dynamic");
  });
});
