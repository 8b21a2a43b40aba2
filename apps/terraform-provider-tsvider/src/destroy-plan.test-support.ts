// A provider whose resource looks at its own destroy plan in modifyPlan: it refuses to be
// destroyed while `protected` is true, and warns otherwise. For destroy-plan.test.ts, which
// bundles this entry and drives it with the real tofu.
import { attr, defineProvider, defineResource, serve } from "@tsvider/framework";

export const DESTROY_PLAN_VERSION = "0.0.4";

const guarded = defineResource({
  typeName: "tsvider_guarded",
  schema: {
    id: attr.string({ computed: true }),
    protected: attr.bool({ required: true }),
  },
  modifyPlan({ plan, state, diagnostics }) {
    if (plan !== null) return undefined;
    if (state.protected) {
      diagnostics.addError(
        `${state.id} is protected`,
        "Set protected = false and apply before destroying it.",
      );
    } else {
      diagnostics.addWarning(`Destroying ${state.id}`, "It is not protected.");
    }
    return undefined;
  },
  async create({ plan }) {
    return { ...plan, id: "guarded-1" };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id };
  },
  async delete() {},
});

if (process.env.TF_PLUGIN_MAGIC_COOKIE !== undefined) {
  serve(defineProvider({ name: "tsvider", version: DESTROY_PLAN_VERSION, resources: [guarded] }), {
    address: "tsvider/tsvider",
  }).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
