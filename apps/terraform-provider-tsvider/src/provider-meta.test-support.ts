// A provider that declares a provider_meta schema and reports what its handlers received, for
// provider-meta.test.ts, which bundles this entry and drives it with the real tofu.
import { attr, defineDataSource, defineProvider, defineResource, serve } from "@tsvider/framework";

export const META_VERSION = "0.0.3";

const metaSchema = { module_name: attr.string({ optional: true }) };
const seen = (meta: { module_name: string | null } | null) =>
  meta === null ? "(none)" : (meta.module_name ?? "(null)");

const probe = defineResource({
  typeName: "tsvider_meta_probe",
  metaSchema,
  schema: { id: attr.string({ computed: true }), seen: attr.string({ computed: true }) },
  async create({ providerMeta }) {
    return { id: "probe", seen: seen(providerMeta) };
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const probeData = defineDataSource({
  typeName: "tsvider_meta_probe",
  metaSchema,
  schema: { seen: attr.string({ computed: true }) },
  async read({ providerMeta }) {
    return { seen: seen(providerMeta) };
  },
});

if (process.env.TF_PLUGIN_MAGIC_COOKIE !== undefined) {
  serve(
    defineProvider({
      name: "tsvider",
      version: META_VERSION,
      metaSchema,
      resources: [probe],
      dataSources: [probeData],
    }),
    { address: "tsvider/tsvider" },
  ).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
