// Test projects for the install and serve tests: a provider project on disk, outside the
// workspace, whose @tsvider/framework is this workspace's (linked into its node_modules, as
// npm would install it), with one resource whose result shows which build answered.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "../cli/command.js";
import { type CliRun, type CliRunOptions, runCli } from "../cli/run.test-support.js";

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export interface FixtureProvider {
  readonly type: string;
  readonly namespace: string;
  readonly version: string;
  /** The greeting this build answers with; its source goes into the provider (no closures). */
  readonly greeting: (name: string) => string;
}

/** Writes the project into a new directory under `parent` and answers its root. */
export function writeFixtureProject(parent: string, fixture: FixtureProvider): string {
  const root = mkdtempSync(join(parent, `${fixture.type}-${fixture.version}-`));
  writeFixtureSources(root, fixture);
  mkdirSync(join(root, "node_modules", "@tsvider"), { recursive: true });
  symlinkSync(join(packagesDir, "framework"), join(root, "node_modules", "@tsvider", "framework"), "dir");
  return root;
}

/** (Re)writes package.json and the sources, to change a project's behaviour in place. */
export function writeFixtureSources(root: string, fixture: FixtureProvider): void {
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({
      name: `terraform-provider-${fixture.type}`,
      version: fixture.version,
      type: "module",
      tsvider: { namespace: fixture.namespace },
    }),
  );
  mkdirSync(join(root, "src"), { recursive: true });
  writeFileSync(
    join(root, "src", "main.ts"),
    `import { attr, defineProvider, defineResource, serve } from "@tsvider/framework";

const greet: (name: string) => string = ${fixture.greeting.toString()};

const greeting = defineResource({
  typeName: "${fixture.type}_greeting",
  schema: { name: attr.string({ required: true }), text: attr.string({ computed: true }) },
  async create({ plan }) {
    return { ...plan, text: greet(plan.name) };
  },
  async update({ plan }) {
    return { ...plan, text: greet(plan.name) };
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

serve(defineProvider({ name: "${fixture.type}", version: "${fixture.version}", resources: [greeting] }), {
  address: "${fixture.namespace}/${fixture.type}",
}).catch((err: unknown) => {
  process.stderr.write(\`\${String(err)}\\n\`);
  process.exitCode = 1;
});
`,
  );
}

/** A configuration that makes one greeting with the given version of the fixture provider. */
export function greetingConfig(
  fixture: Pick<FixtureProvider, "type" | "namespace">,
  version?: string,
): string {
  const pin = version === undefined ? "" : `, version = "${version}"`;
  return `terraform {
  required_providers {
    ${fixture.type} = { source = "${fixture.namespace}/${fixture.type}"${pin} }
  }
}

resource "${fixture.type}_greeting" "g" {
  name = "world"
}

output "text" {
  value = ${fixture.type}_greeting.g.text
}
`;
}

export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Runs `tsvider <command> <argv>` in-process with only that command, capturing the output. */
export function runCommand(
  command: Command,
  argv: readonly string[],
  options: Omit<CliRunOptions, "commands">,
): Promise<CliRun> {
  return runCli([command.name, ...argv], { ...options, commands: [command] });
}
