// `tsvider new <type>`: scaffolds a provider project.
import { relative } from "node:path";
import { defineCommand } from "../cli/command.js";
import { createProject } from "../scaffold/new.js";

export const newCommand = defineCommand({
  name: "new",
  summary: "Create a provider project whose tests pass right away",
  description: [
    "Creates terraform-provider-<type>: package.json, tsconfig, src/main.ts (the entry point),",
    "src/provider.ts with a resource, a data source and a function, acceptance tests on",
    "@tsvider/conformance that run the real tofu, a README and a .gitignore. The directory must",
    "not exist or be empty; nothing is left behind if it fails. <type> is the provider type,",
    "the NAME in terraform-provider-NAME: lowercase letters and digits (it prefixes every resource",
    "type name, acme_server, so no dashes).",
  ].join("\n"),
  positionals: [
    {
      name: "type",
      description: "The provider type, such as acme (makes terraform-provider-acme).",
      required: true,
    },
  ],
  options: {
    dir: {
      type: "string",
      valueName: "dir",
      description: "Where to create the project (default: ./terraform-provider-<type>).",
    },
    namespace: {
      type: "string",
      valueName: "ns",
      description: "The registry namespace, as in <ns>/<type> (default: the type).",
    },
  },
  examples: [
    { command: "tsvider new acme", explanation: "Create ./terraform-provider-acme for acme/acme." },
    {
      command: "tsvider new widgets --namespace acme --dir providers/widgets",
      explanation: "Create providers/widgets for the provider acme/widgets.",
    },
  ],
  async run({ positionals, options, cwd, signal }) {
    const project = await createProject({
      type: positionals[0] ?? "",
      cwd,
      signal,
      ...(options.dir === undefined ? {} : { dir: options.dir }),
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
    });
    const shown = relative(cwd, project.root) || ".";
    return {
      data: { root: project.root, address: `${project.namespace}/${project.type}`, files: project.files },
      text: [
        `Created ${project.namespace}/${project.type} in ${shown}:`,
        ...project.files.map((f) => `  ${f}`),
        "",
        "Next:",
        `  cd ${shown}`,
        "  npm install",
        "  npm test              # acceptance tests on tofu (tofu on PATH or TSVIDER_TOFU)",
        "  npx tsvider install   # build it and make `tofu init` find it",
      ].join("\n"),
    };
  },
});
