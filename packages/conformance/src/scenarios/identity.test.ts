// Resource identity (protocol 6.9+, OpenTofu 1.12 and Terraform 1.12+): the provider
// announces an identity schema (GetResourceIdentitySchemas), sets the identity on create and
// keeps it on read, the host stores it beside the state and shows it, and an `import {}` block
// may name the object by identity instead of by ID (ImportResourceState with an identity).
// Both hosts call these RPCs, each in its own way, so the scenario runs on both.
import {
  attr,
  type Decimal,
  defineProvider,
  defineResource,
  identityAttr,
  isUnknown,
} from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, scenarioHosts } from "./scenario-providers.js";

const remote = new Map<string, { size: number | bigint | Decimal }>();
const imports = new Journal<{ id: string | null; identity: unknown }>();
const key = (region: string, name: string) => `${region}/${name}`;

const bucket = defineResource({
  typeName: "scn_bucket",
  schema: {
    region: attr.string({ required: true, requiresReplace: true }),
    name: attr.string({ required: true, requiresReplace: true }),
    size: attr.number({ optional: true, computed: true }),
  },
  identity: {
    schema: {
      region: identityAttr.string({ requiredForImport: true }),
      name: identityAttr.string({ requiredForImport: true }),
      account: identityAttr.string({ optionalForImport: true }),
    },
  },
  async create({ plan, setIdentity }) {
    const size = plan.size === null || isUnknown(plan.size) ? 1 : plan.size;
    remote.set(key(plan.region, plan.name), { size });
    setIdentity({ region: plan.region, name: plan.name, account: null });
    return { ...plan, size };
  },
  async read({ state }) {
    const found = remote.get(key(state.region, state.name));
    return found ? { ...state, size: found.size } : null;
  },
  async update({ plan, state }) {
    const size = plan.size === null || isUnknown(plan.size) ? (state.size ?? 1) : plan.size;
    remote.set(key(plan.region, plan.name), { size });
    return { ...plan, size };
  },
  async delete({ state }) {
    remote.delete(key(state.region, state.name));
  },
  async importState(ctx) {
    imports.record({ id: ctx.id, identity: ctx.identity });
    if (ctx.id !== null) {
      const [region, name] = ctx.id.split("/");
      ctx.setIdentity({ region: region!, name: name!, account: null });
      return { region: region!, name: name! };
    }
    return { region: ctx.identity.region, name: ctx.identity.name };
  },
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [bucket] });

describe("scenario: resource identity", () => {
  for (const host of scenarioHosts({ terraform: true })) {
    it(`stores identities, and imports by identity and by ID (${host.name})`, async () => {
      remote.clear();
      imports.clear();
      remote.set(key("eu", "outside"), { size: 9 });
      remote.set(key("us", "by-id"), { size: 4 });
      await acceptanceTest({
        provider,
        address: SCENARIO_ADDRESS,
        ...(host.binary ? { binary: host.binary } : {}),
        steps: [
          {
            config: `resource "scn_bucket" "a" {
  region = "eu"
  name   = "alpha"
}`,
            stateChecks: [stateCheck.identity("scn_bucket.a", { region: "eu", name: "alpha" })],
          },
          {
            // The harness imports scn_bucket.a by its stored identity and compares.
            config: `resource "scn_bucket" "a" {
  region = "eu"
  name   = "alpha"
}`,
            importState: {
              resourceName: "scn_bucket.a",
              identity: { region: "eu", name: "alpha" },
              verify: true,
            },
          },
          {
            config: `resource "scn_bucket" "a" {
  region = "eu"
  name   = "alpha"
}
import {
  to       = scn_bucket.b
  identity = { region = "eu", name = "outside" }
}
resource "scn_bucket" "b" {
  region = "eu"
  name   = "outside"
  size   = 9
}
import {
  to = scn_bucket.c
  id = "us/by-id"
}
resource "scn_bucket" "c" {
  region = "us"
  name   = "by-id"
  size   = 4
}`,
            stateChecks: [
              stateCheck.identity("scn_bucket.b", { region: "eu", name: "outside" }),
              stateCheck.attribute("scn_bucket.b", "size", 9),
              stateCheck.identity("scn_bucket.c", { region: "us", name: "by-id" }),
            ],
            check: () => {
              expect(imports.entries).toContainEqual({
                id: null,
                identity: { region: "eu", name: "outside", account: null },
              });
              expect(imports.entries).toContainEqual({ id: "us/by-id", identity: null });
            },
          },
        ],
      });
      expect([...remote.keys()]).toEqual([]);
    });
  }
});
