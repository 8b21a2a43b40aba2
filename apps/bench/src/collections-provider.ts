// The tsvider provider of the collection benches, `scn`: the large-sets scenario's resource
// (large-set.ts serves it in-process) and `scn_collections`, a list and a set of strings echoed
// back, the resource the peers bench (peers.ts) times against the same one on the Go
// terraform-plugin-framework provider (tooling/oracles/goprovider, goprov_collections) and on
// pyvider (tooling/pyvider, pyprov_collections). collections-main.ts serves it as a bundled
// script, as a shipped provider runs.
import { attr, block, defineProvider, defineResource, t } from "@tsvider/framework";

// The same resource as packages/conformance/src/scenarios/large-set-provider.ts (which the
// scenario test proves correct at 10,000 elements); repeated here because test fixtures are
// not part of @tsvider/conformance's published API.
const largeSet = defineResource({
  typeName: "scn_large_set",
  schema: {
    members: attr.set(t.string, { required: true }),
    echo: attr.set(t.string, { computed: true }),
    size: attr.number({ computed: true }),
    rules: block.set({ port: attr.number({ required: true }), cidr: attr.string({ required: true }) }),
  },
  async create({ plan }) {
    return { ...plan, echo: plan.members, size: plan.members.length };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, echo: plan.members, size: plan.members.length };
  },
  async delete() {},
});

const collections = defineResource({
  typeName: "scn_collections",
  schema: {
    items: attr.list(t.string, { required: true, description: "A list of strings." }),
    members: attr.set(t.string, { required: true, description: "A set of strings." }),
    items_echo: attr.list(t.string, { computed: true, description: "`items`, echoed back." }),
    members_echo: attr.set(t.string, { computed: true, description: "`members`, echoed back." }),
  },
  async create({ plan }) {
    return { ...plan, items_echo: plan.items, members_echo: plan.members };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, items_echo: plan.items, members_echo: plan.members };
  },
  async delete() {},
});

export const collectionsProvider = defineProvider({
  name: "scn",
  version: "0.1.0",
  resources: [largeSet, collections],
});
