// `tsvider docs` on a provider built from its sources: the provider is started to read its
// schema and, through TSVIDER_SCHEMA_DETAILS_FILE, the details the schema has no room for,
// which the page then shows. The project's @tsvider/framework is this workspace's, so its
// dist/ must be built (`pnpm run build` in packages/framework).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { loadProject } from "../project.js";
import { generateProjectDocs, practitionerSchema } from "./project-docs.js";

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const root = mkdtempSync(join(tmpdir(), "tsvider-docs-details-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const main = `import {
  attr,
  defineProvider,
  defineResource,
  identityAttr,
  importPassthrough,
  serve,
  validate,
} from "@tsvider/framework";

const disk = defineResource({
  typeName: "acme_disk",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true, requiresReplace: true, validators: [validate.length({ min: 1, max: 63 })] }),
    size: attr.number({ optional: true, computed: true, default: 10 }),
  },
  identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
  importState: importPassthrough("id"),
  async create({ plan, setIdentity }) {
    setIdentity({ name: plan.name });
    return { ...plan, id: plan.name };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

serve(defineProvider({ name: "acme", version: "0.1.0", resources: [disk] }), { address: "acme/acme" });
`;

it("reads the schema details from the provider and shows them on the page", async () => {
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: "terraform-provider-acme", version: "0.1.0", type: "module" }),
  );
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src", "main.ts"), main);
  mkdirSync(join(root, "node_modules", "@tsvider"), { recursive: true });
  symlinkSync(join(packagesDir, "framework"), join(root, "node_modules", "@tsvider", "framework"), "dir");
  const project = loadProject(root);

  const { schema, details } = await practitionerSchema(project);
  expect(Object.keys(schema.resource_schemas ?? {})).toEqual(["acme_disk"]);
  expect(details?.resource_schemas?.acme_disk).toMatchObject({
    importable: true,
    attributes: { size: { default: "10" }, name: { requires_replace: true } },
  });

  const pages = await generateProjectDocs({ project, readSchema: (p) => practitionerSchema(p) });
  const page = pages.get("resources/disk.md") ?? "";
  expect(page).toContain("- `name` (String) Length from 1 to 63. Changing this forces a new resource.\n");
  expect(page).toContain("- `size` (Number) Defaults to `10`.\n");
  expect(page).toContain('terraform import acme_disk.example "<ID>"');
  expect(page).toContain('    name = "<name>"');
}, 60_000);
