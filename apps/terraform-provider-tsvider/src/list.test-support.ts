// A provider whose list resource misbehaves on request, for list.test.ts, which bundles this
// entry and drives it with the real Terraform: `tsvider_thing` objects named `<prefix>-<i>`,
// listed `count` at a time; `fail_after` throws after that many results, and a `prefix` of
// "!" is refused by validateConfig.
import {
  attr,
  defineListResource,
  defineProvider,
  defineResource,
  identityAttr,
  isUnknown,
  serve,
  TsviderError,
} from "@tsvider/framework";

export const LIST_VERSION = "0.0.6";

const thing = defineResource({
  typeName: "tsvider_thing",
  schema: {
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true, computed: true, default: 0 }),
    id: attr.string({ computed: true }),
  },
  identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
  async create({ plan }) {
    return { ...plan, size: isUnknown(plan.size) ? 0 : plan.size, id: `id-${plan.name}` };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    return { ...plan, size: isUnknown(plan.size) ? 0 : plan.size, id: state.id };
  },
  async delete() {},
  // Observable in the generated file: Terraform asked the provider, not its own guess (which
  // would write `size = 0`).
  generateConfig({ config }) {
    return config.size === 0 ? { ...config, size: null } : undefined;
  },
  async importState(request) {
    const name = request.identity?.name ?? request.id ?? "";
    return { name, size: name.startsWith("zero") ? 0 : 1, id: `id-${name}` };
  },
});

const things = defineListResource({
  resource: thing,
  schema: {
    prefix: attr.string({ required: true }),
    count: attr.int64({ optional: true }),
    fail_after: attr.int64({ optional: true }),
  },
  validateConfig({ config, diagnostics }) {
    if (config.prefix === "!")
      diagnostics.addError("Invalid prefix", 'A prefix of "!" names nothing.', [{ attribute: "prefix" }]);
  },
  async *list({ config, includeResource }) {
    const count = Number(config.count ?? 3);
    for (let i = 0; i < count; i++) {
      if (config.fail_after !== null && i === Number(config.fail_after))
        throw new TsviderError("The thing service failed", { detail: `It broke after ${i} things.` });
      const name = `${config.prefix}-${i}`;
      yield {
        displayName: `thing ${name}`,
        identity: { name },
        ...(includeResource ? { resource: { name, size: i, id: `id-${name}` } } : {}),
      };
    }
  },
});

if (process.env.TF_PLUGIN_MAGIC_COOKIE !== undefined) {
  serve(
    defineProvider({
      name: "tsvider",
      version: LIST_VERSION,
      resources: [thing],
      listResources: [things],
    }),
    { address: "tsvider/tsvider" },
  ).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
