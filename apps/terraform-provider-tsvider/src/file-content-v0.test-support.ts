// tsvider_file_content as version 0.0.1 of the provider shipped it, at schema version 0: a
// computed `exists` (always true) and no `file_permission`. schema-upgrade.test.ts bundles this
// entry into a provider of its own, applies with it, and hands its state to the current one.
// It stays out of the shipped provider: serving an old schema is only ever a test's business.
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { attr, defineProvider, defineResource, serve } from "@tsvider/framework";

export const V0_VERSION = "0.0.1";

const schema = {
  filename: attr.string({ required: true, requiresReplace: true }),
  content: attr.string({ required: true }),
  exists: attr.bool({ computed: true }),
  content_hash: attr.string({ computed: true }),
};

const stateFor = (filename: string, content: string) => ({
  filename,
  content,
  exists: true,
  content_hash: createHash("sha256").update(content, "utf8").digest("hex"),
});

const fileContentV0 = defineResource({
  typeName: "tsvider_file_content",
  schema,
  async create({ plan }) {
    await writeFile(plan.filename, plan.content, "utf8");
    return stateFor(plan.filename, plan.content);
  },
  async read({ state }) {
    return stateFor(state.filename, await readFile(state.filename, "utf8"));
  },
  async update({ plan }) {
    await writeFile(plan.filename, plan.content, "utf8");
    return stateFor(plan.filename, plan.content);
  },
  async delete({ state }) {
    await rm(state.filename, { force: true });
  },
});

// Only when run as the provider (bundled); importing this module for V0_VERSION serves nothing.
if (process.env.TF_PLUGIN_MAGIC_COOKIE !== undefined) {
  serve(defineProvider({ name: "tsvider", version: V0_VERSION, resources: [fileContentV0] }), {
    address: "tsvider/tsvider",
  }).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
