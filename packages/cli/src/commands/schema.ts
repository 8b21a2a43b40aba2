// `tsvider schema`: the provider's schema as `tofu providers schema -json` (or terraform's)
// would print it, without a configuration, an init or a mirror.
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { CliError, defineCommand } from "../cli/command.js";
import { loadProject } from "../project.js";
import { projectSchema } from "../schema/inspect.js";
import { formatSchemaDocument, providerAddress, schemaDocument } from "../schema/json.js";

export const schemaCommand = defineCommand({
  name: "schema",
  summary: "Print the provider's schema as `tofu providers schema -json` does",
  description: [
    "Bundles the project's provider, starts it as OpenTofu would (go-plugin, protocol 6 or 5),",
    "asks for its schema (GetProviderSchema and GetResourceIdentitySchemas) and prints the JSON",
    "`tofu providers schema -json` prints for a configuration using it, byte for byte, keyed by",
    "registry.opentofu.org/<namespace>/<type>. With --terraform it prints Terraform's shape",
    "instead, keyed by registry.terraform.io/<namespace>/<type>, which adds list resources,",
    "actions and state stores. Components the provider serves only under some environment",
    "(such as TSVIDER_TESTMODE=true) appear when that environment is set.",
  ].join("\n"),
  options: {
    terraform: {
      type: "boolean",
      description: "Print what `terraform providers schema -json` prints instead of OpenTofu's shape.",
    },
    out: { type: "string", valueName: "file", description: "Write the JSON to <file> instead of stdout." },
  },
  examples: [
    { command: "tsvider schema", explanation: "Print the schema as `tofu providers schema -json` would." },
    {
      command: "tsvider schema --terraform --out schema.json",
      explanation: "Write Terraform's shape of the schema to schema.json.",
    },
    {
      command: "tsvider schema | jq '.provider_schemas[].resource_schemas | keys'",
      explanation: "List the provider's resource types.",
    },
  ],
  async run({ options, cwd, env, progress, signal }) {
    const project = loadProject(cwd);
    const flavor = options.terraform ? "terraform" : "tofu";
    const schema = await projectSchema(project, { signal, progress, env });
    const address = providerAddress(project.namespace, project.type, flavor);
    const document = schemaDocument(address, schema, flavor);
    const text = formatSchemaDocument(document);
    if (options.out === undefined) return { text, data: document };

    const target = resolve(cwd, options.out);
    // A temporary sibling renamed into place: a failure never leaves half a file.
    const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
    try {
      await writeFile(temporary, text);
      await rename(temporary, target);
    } catch (err) {
      await rm(temporary, { force: true });
      throw new CliError(
        `cannot write ${target}: ${(err as Error).message}; choose a --out path in a directory that exists and is writable`,
        { cause: err },
      );
    }
    const count = (map: object | undefined) => Object.keys(map ?? {}).length;
    const summary = [
      `${count(schema.resource_schemas)} resources`,
      `${count(schema.data_source_schemas)} data sources`,
      `${count(schema.ephemeral_resource_schemas)} ephemeral resources`,
      `${count(schema.functions)} functions`,
    ];
    if (flavor === "terraform") {
      summary.push(
        `${count(schema.list_resource_schemas)} list resources`,
        `${count(schema.action_schemas)} actions`,
        `${count(schema.state_store_schemas)} state stores`,
      );
    }
    return { text: `Wrote the schema of ${address} (${summary.join(", ")}) to ${target}`, data: document };
  },
});
