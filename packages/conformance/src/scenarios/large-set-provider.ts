// The provider and configuration of the large-set scenario (large-sets.test.ts, 1,000
// strings); apps/bench/src/large-set.ts times the same resource and configuration up to 10,000.
import { attr, block, defineProvider, defineResource, t } from "@tsvider/framework";
import { Journal, SCENARIO_PROVIDER } from "./scenario-providers.js";

/** Each create and update: how many set elements the provider was given. */
export const largeSetSeen = new Journal<{ op: string; members: number; rules: number }>();

const largeSet = defineResource({
  typeName: "scn_large_set",
  schema: {
    members: attr.set(t.string, { required: true }),
    echo: attr.set(t.string, { computed: true }),
    size: attr.number({ computed: true }),
    rules: block.set({ port: attr.number({ required: true }), cidr: attr.string({ required: true }) }),
  },
  async create({ plan }) {
    largeSetSeen.record({ op: "create", members: plan.members.length, rules: plan.rules.length });
    return { ...plan, echo: plan.members, size: plan.members.length };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    largeSetSeen.record({ op: "update", members: plan.members.length, rules: plan.rules.length });
    return { ...plan, echo: plan.members, size: plan.members.length };
  },
  async delete() {},
});

export const largeSetProvider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [largeSet],
});

/**
 * `scn_large_set.s` with `size` strings in `members` and `blocks` of the `rules` blocks.
 * OpenTofu's range() stops at 1,024 elements, so the numbers come from two nested ones.
 */
export function largeSetConfig(options: { readonly size: number; readonly blocks: number }): string {
  const hundreds = Math.ceil(options.size / 100);
  const { blocks } = options;
  return `
locals {
  numbers = [for n in flatten([for i in range(${hundreds}) : [for j in range(100) : i * 100 + j]]) : n if n < ${options.size}]
}
resource "scn_large_set" "s" {
  members = toset([for n in local.numbers : "m-\${n}"])
  dynamic "rules" {
    for_each = slice(local.numbers, 0, ${blocks})
    content {
      port = rules.value
      cidr = "10.\${floor(rules.value / 256) % 256}.\${rules.value % 256}.0/24"
    }
  }
}
`;
}
