// The proof that `tsvider schema` prints what the hosts print: the schema we read from a
// provider, against `tofu providers schema -json` and `terraform providers schema -json` on a
// configuration that installs the same build through a filesystem mirror. Once for the
// reference provider (its schema read by projectSchema from its sources), once for a provider
// whose schema holds the corners the reference provider does not reach, over protocol 6 and 5.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  installProviderMirror,
  mirrorCliConfig,
  resolveTerraform,
  resolveTofu,
  Workdir,
} from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleProvider } from "../bundle.js";
import { loadProject, type Project } from "../project.js";
import { projectSchema } from "./inspect.js";
import {
  formatSchemaDocument,
  type ProviderSchemaJson,
  providerAddress,
  type SchemaFlavor,
  schemaDocument,
} from "./json.js";
import { readProviderSchema } from "./read.js";

const referenceRoot = fileURLToPath(new URL("../../../../apps/terraform-provider-tsvider", import.meta.url));
const edgeEntry = fileURLToPath(new URL("./edge-provider.test-support.ts", import.meta.url));
// Test-only components are served with TSVIDER_TESTMODE=true: on both sides, so they appear in both.
const testMode = { TSVIDER_TESTMODE: "true" };
const EDGE = { namespace: "fx", type: "fx", version: "1.0.0" };

let root: string;
let reference: Project;
let edgeBuild: string;
let cliConfigFile: string;

beforeAll(async () => {
  reference = loadProject(referenceRoot);
  root = await mkdtemp(join(tmpdir(), "tsvider-schema-hosts-"));
  const referenceBuild = join(root, "terraform-provider-tsvider.cjs");
  edgeBuild = join(root, "terraform-provider-fx.cjs");
  await bundleProvider({ entry: reference.entry, outfile: referenceBuild, compileCache: false });
  await bundleProvider({ entry: edgeEntry, outfile: edgeBuild, compileCache: false });
  const mirrorDir = join(root, "mirror");
  await installProviderMirror({ mirrorDir, ...reference, executable: referenceBuild });
  await installProviderMirror({ mirrorDir, ...EDGE, executable: edgeBuild });
  cliConfigFile = join(root, "cli.tfrc");
  await writeFile(cliConfigFile, mirrorCliConfig(mirrorDir));
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const binaries: Record<SchemaFlavor, () => string> = { tofu: resolveTofu, terraform: resolveTerraform };

/** What the host prints for a configuration that requires only this provider. */
async function hostSchema(
  flavor: SchemaFlavor,
  provider: { namespace: string; type: string; version: string },
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const dir = await mkdtemp(join(root, `${flavor}-${provider.type}-`));
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "main.tf"),
    `terraform {
  required_providers {
    ${provider.type} = { source = "${provider.namespace}/${provider.type}", version = "${provider.version}" }
  }
}
`,
  );
  const work = new Workdir({ dir, binary: binaries[flavor](), cliConfigFile, extraEnv: env });
  await work.run(["init", "-no-color"]);
  return (await work.run(["providers", "schema", "-json"])).stdout;
}

function expectSame(
  printed: string,
  ours: ProviderSchemaJson,
  provider: { namespace: string; type: string },
  flavor: SchemaFlavor,
): void {
  const document = schemaDocument(providerAddress(provider.namespace, provider.type, flavor), ours, flavor);
  expect(document).toEqual(JSON.parse(printed));
  expect(formatSchemaDocument(document)).toBe(printed);
}

describe("the reference provider's schema against the hosts'", () => {
  let ours: ProviderSchemaJson;
  beforeAll(async () => {
    ours = await projectSchema(reference, { env: testMode });
  }, 60_000);

  for (const flavor of ["tofu", "terraform"] as const) {
    it(`equals \`${flavor} providers schema -json\`, value for value and byte for byte`, async () => {
      expectSame(await hostSchema(flavor, reference, testMode), ours, reference, flavor);
    }, 120_000);
  }
});

for (const protocol of ["6", "5"]) {
  describe(`a schema of every corner over protocol ${protocol} against the hosts'`, () => {
    const env = { FIXTURE_PROTOCOL: protocol };
    let ours: ProviderSchemaJson;
    beforeAll(async () => {
      ours = await readProviderSchema({ executable: process.execPath, args: [edgeBuild], env });
    }, 60_000);

    for (const flavor of ["tofu", "terraform"] as const) {
      it(`equals \`${flavor} providers schema -json\``, async () => {
        expectSame(await hostSchema(flavor, EDGE, env), ours, EDGE, flavor);
      }, 120_000);
    }
  });
}
