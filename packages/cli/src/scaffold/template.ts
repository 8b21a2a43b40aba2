// The files of a new provider project. Kept as code rather than template files so each one is
// made from the same few facts (type, namespace, versions) without a template language, and
// so the package ships nothing the compiler has not seen.
import type { ScaffoldVersions } from "./versions.js";

export interface ScaffoldInput {
  /** The provider type: `acme` for terraform-provider-acme. */
  readonly type: string;
  readonly namespace: string;
  readonly versions: ScaffoldVersions;
}

/** Relative path → content, in the order they are listed to the user. */
export function scaffoldFiles(input: ScaffoldInput): ReadonlyMap<string, string> {
  return new Map([
    ["package.json", packageJson(input)],
    ["tsconfig.json", tsconfigJson()],
    ["vitest.config.ts", vitestConfig()],
    [".gitignore", gitignore()],
    ["README.md", readme(input)],
    ["src/main.ts", mainTs(input)],
    ["src/provider.ts", providerTs(input)],
    ["src/provider.test.ts", providerTestTs(input)],
    [".github/workflows/acceptance.yml", acceptanceWorkflow()],
  ]);
}

/**
 * The actions the workflow uses, pinned to full commit SHAs (a tag can be moved to other code;
 * a SHA cannot), each with the release it is, for a reader and for Dependabot.
 */
export const WORKFLOW_ACTIONS = {
  checkout: "actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8 # v5.0.0",
  setupNode: "actions/setup-node@a0853c24544627f65ddf259abe73b1d18a591444 # v5.0.0",
  setupOpenTofu: "opentofu/setup-opentofu@a1320f892987e89d278cc92dc5adc984fb93aca4 # v2.0.2",
  setupTerraform: "hashicorp/setup-terraform@dfe3c3f87815947d99a8997f908cb6525fc44e9e # v4.0.1",
} as const;

/**
 * The hosts the workflow tests on, one parallel job each: the oldest release line still in use
 * and the newest of each host. The tests skip what a host is too old for (provider functions
 * need Terraform 1.8 or OpenTofu 1.7), so the oldest lines prove the rest still works there.
 */
export const WORKFLOW_HOSTS: readonly {
  readonly host: "opentofu" | "terraform";
  readonly version: string;
}[] = [
  { host: "opentofu", version: "~1.6.0" },
  { host: "opentofu", version: "latest" },
  { host: "terraform", version: "1.5.7" },
  { host: "terraform", version: "latest" },
];

function acceptanceWorkflow(): string {
  const include = WORKFLOW_HOSTS.map(
    ({ host, version }) => `          - host: ${host}\n            version: ${JSON.stringify(version)}`,
  ).join("\n");
  return `# The acceptance tests (npm test) on every OpenTofu and Terraform version in the matrix, one
# job each, in parallel: a user on any of them runs this provider as the tests do. Add the
# versions your users pin; a version is anything the setup actions take ("1.5.7", "~1.9.0",
# "latest"). The tests find the host through TSVIDER_ACC_BINARY, set below.
name: acceptance

on:
  push:
    branches: [main]
  pull_request:
  workflow_dispatch:

permissions:
  contents: read

concurrency:
  group: acceptance-\${{ github.ref }}
  cancel-in-progress: true

jobs:
  test:
    name: \${{ matrix.host }} \${{ matrix.version }}
    runs-on: ubuntu-latest
    timeout-minutes: 30
    strategy:
      # Every host reports, not only the first to fail: a failure on one version alone says
      # which versions a change broke.
      fail-fast: false
      matrix:
        include:
${include}
    steps:
      - uses: ${WORKFLOW_ACTIONS.checkout}
        with:
          persist-credentials: false
      - uses: ${WORKFLOW_ACTIONS.setupNode}
        with:
          node-version: lts/*
      # Without the wrappers: the tests read the host's own output and exit code.
      - if: matrix.host == 'opentofu'
        uses: ${WORKFLOW_ACTIONS.setupOpenTofu}
        with:
          tofu_version: \${{ matrix.version }}
          tofu_wrapper: false
      - if: matrix.host == 'terraform'
        uses: ${WORKFLOW_ACTIONS.setupTerraform}
        with:
          terraform_version: \${{ matrix.version }}
          terraform_wrapper: false
      - name: Point the tests at the host
        env:
          HOST_COMMAND: \${{ matrix.host == 'opentofu' && 'tofu' || 'terraform' }}
        run: |
          binary=$(command -v "$HOST_COMMAND")
          "$binary" version
          echo "TSVIDER_ACC_BINARY=$binary" >> "$GITHUB_ENV"
      - name: Install
        run: if [ -f package-lock.json ]; then npm ci; else npm install; fi
      - run: npm run typecheck
      - run: npm test
`;
}

function packageJson({ type, namespace, versions }: ScaffoldInput): string {
  const pkg = {
    name: `terraform-provider-${type}`,
    version: "0.1.0",
    private: true,
    description: `The ${type} provider for OpenTofu and Terraform, written in TypeScript with tsvider.`,
    type: "module",
    // The floor of the packages it depends on: require() of ESM works from 20.19 and 22.12.
    engines: { node: "^20.19.0 || >=22.12.0" },
    tsvider: { namespace },
    scripts: {
      build: "tsvider build",
      test: "vitest run",
      typecheck: "tsc --noEmit",
    },
    dependencies: versions.dependencies,
    devDependencies: versions.devDependencies,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function tsconfigJson(): string {
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      types: ["node"],
      noEmit: true,
    },
    include: ["src", "vitest.config.ts"],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function vitestConfig(): string {
  return `import { defineConfig } from "vitest/config";

// Acceptance tests run the real tofu: give each one time for a few init/plan/apply runs.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } });
`;
}

function gitignore(): string {
  return [
    "node_modules/",
    // `tsvider build` writes build/<os>_<arch>/; `tsvider release` writes dist/release (and
    // stages it beside, in dist/release.tmp-*), see packages/cli/src/commands/build.ts and release.ts.
    "# What tsvider build and tsvider release write",
    "build/",
    "dist/",
    "# What tofu and terraform write when you try the provider here",
    ".terraform/",
    "*.tfstate",
    "*.tfstate.*",
    ".terraform.lock.hcl",
    "crash.log",
    "",
  ].join("\n");
}

function mainTs({ type, namespace }: ScaffoldInput): string {
  return `// The provider's entry point: tofu and terraform start the built executable, which serves the
// provider over the plugin protocol. The address is what \`tsvider serve --debug\` reattaches as.
import { serve } from "@tsvider/framework";
import { provider } from "./provider.js";

// Not a top-level await: \`tsvider build\` bundles to CommonJS.
serve(provider, { address: "${namespace}/${type}" }).catch((err: unknown) => {
  process.stderr.write(\`\${err instanceof Error ? err.message : String(err)}\\n\`);
  process.exitCode = 1;
});
`;
}

function providerTs({ type }: ScaffoldInput): string {
  return `// The ${type} provider: one resource, one data source and one function, each small enough to
// read in a minute and real enough to copy. Replace them with your own.
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import {
  attr,
  DataSourceError,
  defineDataSource,
  defineProvider,
  defineProviderFunction,
  defineResource,
  importPassthrough,
  requiresReplace,
  t,
} from "@tsvider/framework";

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The file's content, or null when there is no file (it was deleted outside tofu). */
async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/** A local file whose content tofu manages: create, read (noticing drift), update, delete, import. */
export const file = defineResource({
  typeName: "${type}_file",
  schema: {
    path: attr.string({
      required: true,
      planModifiers: [requiresReplace()],
      description: "Path of the file. Changing it replaces the file.",
    }),
    content: attr.string({ required: true, description: "The file's content (UTF-8)." }),
    sha256: attr.string({ computed: true, description: "SHA-256 of the content, as lowercase hex." }),
  },
  async create({ plan }) {
    await writeFile(plan.path, plan.content);
    return { ...plan, sha256: sha256(plan.content) };
  },
  async read({ state }) {
    const content = await readIfExists(state.path);
    if (content === null) return null;
    return { ...state, content, sha256: sha256(content) };
  },
  async update({ plan }) {
    await writeFile(plan.path, plan.content);
    return { ...plan, sha256: sha256(plan.content) };
  },
  async delete({ state }) {
    await rm(state.path, { force: true });
  },
  // \`tofu import ${type}_file.x /some/path\`: the ID is the path; read fills in the rest.
  importState: importPassthrough("path"),
});

/** Reads a file that something else made. */
export const fileData = defineDataSource({
  typeName: "${type}_file",
  schema: {
    path: attr.string({ required: true, description: "Path of the file to read." }),
    content: attr.string({ computed: true, description: "The file's content (UTF-8)." }),
    sha256: attr.string({ computed: true, description: "SHA-256 of the content, as lowercase hex." }),
  },
  async read({ config }) {
    const content = await readIfExists(config.path);
    if (content === null) {
      throw new DataSourceError(\`There is no file at \${config.path}\`, { path: [{ attribute: "path" }] });
    }
    return { ...config, content, sha256: sha256(content) };
  },
});

/** \`provider::${type}::sha256("text")\`: a function needs no provider configuration. */
export const sha256Function = defineProviderFunction({
  name: "sha256",
  summary: "SHA-256 of a string",
  description: "The SHA-256 of the string's UTF-8 bytes, as lowercase hex.",
  params: [{ name: "text", type: t.string }],
  returns: t.string,
  run: (text) => sha256(text),
});

export const provider = defineProvider({
  name: "${type}",
  version: "0.1.0",
  resources: [file],
  dataSources: [fileData],
  functions: [sha256Function],
});
`;
}

function providerTestTs({ type, namespace }: ScaffoldInput): string {
  return `// Acceptance tests: the provider is served from this process and driven by the real tofu or
// terraform (TSVIDER_ACC_BINARY, else TSVIDER_TOFU, else tofu on PATH) through plan, apply, a
// convergence check and destroy. .github/workflows/acceptance.yml runs them on several versions.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acceptanceTest, planCheck, stateCheck } from "@tsvider/conformance";
import { afterAll, describe, expect, it } from "vitest";
import { provider } from "./provider.js";

const address = "${namespace}/${type}";
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The host the tests drive, as acceptanceTest finds it, and its version ("OpenTofu v1.6.3"). */
function hostVersion(): { readonly name: string; readonly major: number; readonly minor: number } | undefined {
  const binary = process.env.TSVIDER_ACC_BINARY || process.env.TSVIDER_TOFU || "tofu";
  const env = { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" };
  const text = spawnSync(binary, ["version"], { encoding: "utf8", env }).stdout ?? "";
  const match = /^(OpenTofu|Terraform) v(\\d+)\\.(\\d+)/.exec(text);
  return match ? { name: match[1]!, major: Number(match[2]), minor: Number(match[3]) } : undefined;
}
const host = hostVersion();
// Provider functions came with Terraform 1.8 and OpenTofu 1.7; an older host cannot call one
// (\`provider::\` is a syntax error to it), while everything else here works on it.
const minor = host?.name === "Terraform" ? 8 : 7;
const hasFunctions = host === undefined || host.major > 1 || (host.major === 1 && host.minor >= minor);

// The provider runs in this process, so paths in config are absolute.
const files = mkdtempSync(join(tmpdir(), "${type}-test-"));
afterAll(() => rmSync(files, { recursive: true, force: true }));

describe("${type}_file", () => {
  it("creates, updates, imports and deletes a file", async () => {
    const path = join(files, "hello.txt");
    const config = (content: string) =>
      \`resource "${type}_file" "f" {\\n  path    = \${JSON.stringify(path)}\\n  content = \${JSON.stringify(content)}\\n}\\n\`;
    await acceptanceTest({
      provider,
      address,
      steps: [
        {
          config: config("hello"),
          planChecks: { preApply: [planCheck.action("${type}_file.f", "create")] },
          stateChecks: [stateCheck.attribute("${type}_file.f", "sha256", sha256("hello"))],
          check: () => expect(readFileSync(path, "utf8")).toBe("hello"),
        },
        {
          config: config("goodbye"),
          planChecks: { preApply: [planCheck.action("${type}_file.f", "update")] },
          check: () => expect(readFileSync(path, "utf8")).toBe("goodbye"),
        },
        { importState: { resourceName: "${type}_file.f", id: path, verify: true } },
      ],
    });
    expect(existsSync(path)).toBe(false);
  });

  it("recreates a file deleted outside tofu", async () => {
    const path = join(files, "drift.txt");
    const config = \`resource "${type}_file" "f" {\\n  path    = \${JSON.stringify(path)}\\n  content = "kept"\\n}\\n\`;
    await acceptanceTest({
      provider,
      address,
      steps: [
        { config },
        {
          config,
          preConfig: () => rmSync(path),
          planChecks: { preApply: [planCheck.action("${type}_file.f", "create")] },
          check: () => expect(readFileSync(path, "utf8")).toBe("kept"),
        },
      ],
    });
  });
});

describe("${type}_file data source", () => {
  it("reads a file, and says when there is none", async () => {
    const path = join(files, "given.txt");
    writeFileSync(path, "given");
    await acceptanceTest({
      provider,
      address,
      steps: [
        // First: the destroy at the end uses the last configuration, which must read.
        {
          config: \`data "${type}_file" "d" {\\n  path = \${JSON.stringify(join(files, "missing.txt"))}\\n}\\n\`,
          expectError: /There is no file at/,
        },
        {
          config: \`data "${type}_file" "d" {\\n  path = \${JSON.stringify(path)}\\n}\\noutput "content" {\\n  value = data.${type}_file.d.content\\n}\\n\`,
          stateChecks: [stateCheck.output("content", "given")],
        },
      ],
    });
  });
});

describe("provider::${type}::sha256", () => {
  it.skipIf(!hasFunctions)("hashes a string (on Terraform 1.8 or OpenTofu 1.7 and newer)", async () => {
    await acceptanceTest({
      provider,
      address,
      steps: [
        {
          config: \`output "digest" {\\n  value = provider::${type}::sha256("hello")\\n}\\n\`,
          stateChecks: [stateCheck.output("digest", sha256("hello"))],
        },
      ],
    });
  });
});
`;
}

function readme({ type, namespace }: ScaffoldInput): string {
  return `# terraform-provider-${type}

An OpenTofu and Terraform provider written in TypeScript with
[tsvider](https://www.npmjs.com/package/tsvider). Its address is \`${namespace}/${type}\`
(\`"tsvider": { "namespace" }\` in package.json; the type comes from the package name).

- \`src/provider.ts\`: the provider, a resource (\`${type}_file\`), a data source
  (\`${type}_file\`) and a function (\`provider::${type}::sha256\`).
- \`src/main.ts\`: the entry point the built executable runs.
- \`src/provider.test.ts\`: acceptance tests on \`@tsvider/conformance\`.
- \`.github/workflows/acceptance.yml\`: those tests on GitHub Actions, one parallel job per
  OpenTofu and Terraform version in its matrix.

## Test

\`\`\`sh
npm install
npm test            # acceptance tests: needs tofu on PATH, or TSVIDER_TOFU=/path/to/tofu
npm run typecheck
\`\`\`

Each test serves the provider from the test process and runs the real \`tofu\` against it
(plan, apply, a plan that must be empty, destroy). Set \`TSVIDER_ACC_KEEP=1\` to keep the
working directories for a look. \`TSVIDER_ACC_BINARY=/path/to/terraform npm test\` runs them on
Terraform, or on any other version of either.

Users pin old hosts for years, so CI runs the tests on the oldest versions in use (OpenTofu 1.6,
Terraform 1.5.7) as well as the newest: edit the matrix in
\`.github/workflows/acceptance.yml\` to match yours. A feature newer than a host is skipped
there (provider functions need Terraform 1.8 or OpenTofu 1.7); a write-only attribute set on a
host before Terraform 1.11 or OpenTofu 1.11 is refused with an error that says which version it
needs, so the value never reaches that host's state.

## Use it locally

\`\`\`sh
npx tsvider install --write-config ~/.tofurc.tsvider
export TF_CLI_CONFIG_FILE=~/.tofurc.tsvider
\`\`\`

\`tsvider install\` builds the provider and puts it in a filesystem mirror
(\`~/.local/share/tsvider/mirror\`); the CLI configuration it writes makes \`tofu init\` take
\`${namespace}/${type}\` from there (and everything else from the registry), and the lock file
records its hashes. Then, in any configuration:

\`\`\`hcl
terraform {
  required_providers {
    ${type} = { source = "${namespace}/${type}", version = "0.1.0" }
  }
}
\`\`\`

Changed the code? Bump \`version\` in package.json and install again (two versions live side by
side), or \`npx tsvider install --reinstall\` to replace the same version; configurations whose
lock file recorded the old build then fail \`tofu init\` until you remove the provider's block from
their \`.terraform.lock.hcl\` and run \`tofu init\` again.

To debug, \`npx tsvider serve --debug\` runs the provider from source and prints the
\`TF_REATTACH_PROVIDERS\` value that makes tofu use it; add \`--inspect\` to attach a debugger.

## Release

\`\`\`sh
npx tsvider docs      # registry documentation in docs/
npx tsvider release   # zips for every platform, SHA256SUMS, signature, manifest, mirror
\`\`\`

\`tsvider release\` signs with the OpenPGP key in the environment (see \`npx tsvider release --help\`);
publish its output as a GitHub release for the registry, or serve its \`mirror/\` directory as a
provider network mirror.
`;
}
