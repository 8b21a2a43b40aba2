// A provider of one small file resource, `tsvider_identity_note`, built at two identity
// versions for identity.test.ts: version 0 named the file's path `file`, version 1 names it
// `filename` and upgrades version 0 identities. Each entry (identity-v0/v1.test-support.ts)
// is bundled into a provider of its own; neither is part of the shipped provider.
import { readFile, rm, writeFile } from "node:fs/promises";
import { attr, defineProvider, defineResource, identityAttr, serve } from "@tsvider/framework";

export const IDENTITY_V0_PROVIDER = "0.0.10";
export const IDENTITY_V1_PROVIDER = "0.0.11";

const schema = {
  filename: attr.string({ required: true, requiresReplace: true }),
  content: attr.string({ required: true }),
};

const handlers = {
  async update({ plan }: { plan: { filename: string; content: string } }) {
    await writeFile(plan.filename, plan.content, "utf8");
    return plan;
  },
  async read({ state }: { state: { filename: string; content: string } }) {
    return { filename: state.filename, content: await readFile(state.filename, "utf8") };
  },
  async delete({ state }: { state: { filename: string } }) {
    await rm(state.filename, { force: true });
  },
};

const v0 = defineResource({
  typeName: "tsvider_identity_note",
  schema,
  ...handlers,
  identity: { schema: { file: identityAttr.string({ requiredForImport: true }) } },
  async create({ plan, setIdentity }) {
    await writeFile(plan.filename, plan.content, "utf8");
    setIdentity({ file: plan.filename });
    return plan;
  },
});

/** Identity upgrades the version-1 provider saw, as "version:raw JSON" lines in this file. */
export const UPGRADE_LOG_VARIABLE = "TSVIDER_TEST_IDENTITY_UPGRADE_LOG";

const v1 = defineResource({
  typeName: "tsvider_identity_note",
  schema,
  ...handlers,
  identity: {
    version: 1,
    schema: { filename: identityAttr.string({ requiredForImport: true }) },
    upgraders: {
      0: async ({ rawIdentity, version }) => {
        const log = process.env[UPGRADE_LOG_VARIABLE];
        if (log) await writeFile(log, `${version}:${JSON.stringify(rawIdentity)}\n`, { flag: "a" });
        return { filename: String(rawIdentity.file) };
      },
    },
  },
  async create({ plan, setIdentity }) {
    await writeFile(plan.filename, plan.content, "utf8");
    setIdentity({ filename: plan.filename });
    return plan;
  },
});

export function serveIdentityProvider(identityVersion: 0 | 1): void {
  // Only when run as the provider (bundled); importing this module serves nothing.
  if (process.env.TF_PLUGIN_MAGIC_COOKIE === undefined) return;
  const provider = defineProvider({
    name: "tsvider",
    version: identityVersion === 0 ? IDENTITY_V0_PROVIDER : IDENTITY_V1_PROVIDER,
    resources: [identityVersion === 0 ? v0 : v1],
  });
  serve(provider, { address: "tsvider/tsvider" }).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
