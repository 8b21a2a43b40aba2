// The reference provider's schema as both hosts read it (`providers schema -json`): one
// component of every kind the protocol has, and each host showing the kinds it knows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTerraform, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

type Kinds = Record<string, Record<string, unknown> | undefined>;
interface SchemaJson {
  readonly provider_schemas: Record<string, Kinds>;
}

let tofu: TofuSetup;
let terraform: TofuSetup;
beforeAll(async () => {
  [tofu, terraform] = await Promise.all([
    setUpTofu("tsvider-schema-tofu-"),
    setUpTerraform("tsvider-schema-tf-"),
  ]);
});
afterAll(() => Promise.all([tofu?.cleanup(), terraform?.cleanup()]));

async function schemaOf(setup: TofuSetup, name: string): Promise<Kinds> {
  // Without TSVIDER_TESTMODE=true, as practitioners run it: the test-only components stay out.
  const work = await initProject(setup, name, "", { TSVIDER_TESTMODE: "false" });
  const json = JSON.parse((await work.run(["providers", "schema", "-json"])).stdout) as SchemaJson;
  const schemas = Object.entries(json.provider_schemas);
  expect(schemas.map(([address]) => address)).toEqual([expect.stringMatching(/\/tsvider\/tsvider$/)]);
  return schemas[0]![1];
}

const names = (kinds: Kinds, kind: string) => Object.keys(kinds[kind] ?? {}).sort();

// What the reference provider serves, by the key `providers schema -json` lists it under.
const everyKind = {
  resource_schemas: [
    "tsvider_file_content",
    "tsvider_local_directory",
    "tsvider_secret_file",
    "tsvider_timed_token",
    "tsvider_warning_example",
  ],
  data_source_schemas: [
    "tsvider_env_variables",
    "tsvider_file",
    "tsvider_file_info",
    "tsvider_http_api",
    "tsvider_lens_jq",
    "tsvider_provider_config_reader",
  ],
  ephemeral_resource_schemas: ["tsvider_lease", "tsvider_random_token"],
  functions: [
    "add",
    "contains",
    "divide",
    "format",
    "format_size",
    "hcl_decode",
    "join",
    "join_path",
    "length",
    "lens_jq",
    "lookup",
    "lower",
    "max",
    "min",
    "multiply",
    "parse_mode",
    "pluralize",
    "replace",
    "round",
    "sha256_hex",
    "split",
    "subtract",
    "sum",
    "to_camel_case",
    "to_kebab_case",
    "to_snake_case",
    "tostring",
    "truncate",
    "upper",
  ],
  resource_identity_schemas: ["tsvider_file_content"],
  list_resource_schemas: ["tsvider_file_content"],
  action_schemas: ["tsvider_echo", "tsvider_wait_for_file", "tsvider_write_marker"],
  state_store_schemas: ["tsvider_filesystem_store"],
};

describe("the reference provider's schema", () => {
  it("lists a component of every kind to Terraform", async () => {
    const kinds = await schemaOf(terraform, "terraform");
    expect(kinds.provider).toBeDefined();
    for (const [kind, expected] of Object.entries(everyKind)) {
      expect(names(kinds, kind), kind).toEqual(expected);
    }
  });

  it("lists to OpenTofu every kind OpenTofu knows (it has no list resources, actions or state stores)", async () => {
    const kinds = await schemaOf(tofu, "tofu");
    for (const kind of [
      "resource_schemas",
      "data_source_schemas",
      "ephemeral_resource_schemas",
      "functions",
    ] as const) {
      expect(names(kinds, kind), kind).toEqual(everyKind[kind]);
    }
    for (const kind of ["list_resource_schemas", "action_schemas", "state_store_schemas"]) {
      expect(kinds[kind], kind).toBeUndefined();
    }
  });
});
