// Ephemeral renewals (OpenEphemeralResource, RenewEphemeralResource, CloseEphemeralResource):
// a lease that asks to be renewed every 200 ms, used by a resource whose create takes 1.5 s
// with the lease's value in a write-only attribute. The host must renew it while the value is
// still in use, each time with the private data the last call gave, then close it; every renew
// and close must name the lease its own open made, and nothing of it reaches a state file.
// The hosts differ in what Close gets: OpenTofu sends the private data of the last renewal,
// Terraform that of the open (its instance keeps what Open answered; each renewal's private data
// goes only to the next renewal), so a provider must not rely on renewals' data in close.
import { setTimeout as sleep } from "node:timers/promises";
import {
  attr,
  defineEphemeralResource,
  defineProvider,
  defineResource,
  privateState,
} from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import {
  Journal,
  SCENARIO_ADDRESS,
  SCENARIO_PROVIDER,
  scenarioHosts,
  stateFileText,
} from "./scenario-providers.js";

const calls = new Journal<{ call: "open" | "renew" | "close"; lease: string; renewals: number }>();
let leases = 0;

const lease = defineEphemeralResource({
  typeName: "scn_lease",
  schema: {
    renew_after_ms: attr.number({ required: true }),
    token: attr.string({ computed: true, sensitive: true }),
  },
  privateState: privateState<{ lease: string; renewals: number; every: number }>(),
  async open({ config }) {
    const id = `lease-${++leases}-${process.pid}`;
    const every = Number(config.renew_after_ms);
    calls.record({ call: "open", lease: id, renewals: 0 });
    return {
      result: { ...config, token: id },
      private: { lease: id, renewals: 0, every },
      renewAt: new Date(Date.now() + every),
    };
  },
  async renew({ private: data }) {
    if (data === null) throw new Error("renew without the private data open gave");
    const renewals = data.renewals + 1;
    calls.record({ call: "renew", lease: data.lease, renewals });
    return { private: { ...data, renewals }, renewAt: new Date(Date.now() + data.every) };
  },
  async close({ private: data }) {
    if (data === null) throw new Error("close without the private data open gave");
    calls.record({ call: "close", lease: data.lease, renewals: data.renewals });
  },
});

const slow = defineResource({
  typeName: "scn_slow",
  schema: {
    delay_ms: attr.number({ required: true }),
    token_wo: attr.string({ optional: true, writeOnly: true, sensitive: true }),
    used: attr.bool({ computed: true }),
  },
  async create({ plan, config, signal }) {
    await sleep(Number(plan.delay_ms), undefined, { signal });
    return { ...plan, used: config.token_wo !== null };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, config }) {
    return { ...plan, used: config.token_wo !== null };
  },
  async delete() {},
});

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [slow],
  ephemeralResources: [lease],
});

describe("scenario: ephemeral renewals", () => {
  for (const host of scenarioHosts({ terraform: true })) {
    it(`renews a lease while it is in use, with its private data, then closes it (${host.name})`, async () => {
      calls.clear();
      await acceptanceTest({
        provider,
        address: SCENARIO_ADDRESS,
        ...(host.binary ? { binary: host.binary } : {}),
        steps: [
          {
            config: `ephemeral "scn_lease" "l" {
  renew_after_ms = 200
}
resource "scn_slow" "s" {
  delay_ms = 1500
  token_wo = ephemeral.scn_lease.l.token
}`,
            stateChecks: [stateCheck.attribute("scn_slow.s", "used", true)],
            check: async ({ dir }) => {
              const log = calls.entries.map((c) => `${c.call} ${c.lease} ${c.renewals}`).join("\n");
              // Every opened lease was closed, and renews and closes name their own open's lease.
              const opened = calls.entries.filter((c) => c.call === "open").map((c) => c.lease);
              const closed = calls.entries.filter((c) => c.call === "close").map((c) => c.lease);
              expect(closed.sort(), log).toEqual([...opened].sort());
              for (const c of calls.entries) expect(opened, log).toContain(c.lease);
              // The lease opened for the apply was renewed while the slow create ran, each renew
              // seeing the count the one before it stored, and closed after the last renew.
              const renewed = calls.entries.filter((c) => c.call === "renew");
              expect(renewed.length, log).toBeGreaterThan(0);
              for (const id of new Set(renewed.map((c) => c.lease))) {
                const list = renewed.filter((c) => c.lease === id);
                expect(
                  list.map((c) => c.renewals),
                  log,
                ).toEqual(list.map((_, i) => i + 1));
                const close = calls.entries.findLast((c) => c.call === "close" && c.lease === id);
                expect(close?.renewals, log).toBe(host.name === "Terraform" ? 0 : list.length);
                expect(calls.entries.lastIndexOf(close!)).toBeGreaterThan(
                  calls.entries.lastIndexOf(list.at(-1)!),
                );
              }
              // Nothing of the lease reaches the state file.
              const text = await stateFileText(dir);
              for (const id of opened) expect(text).not.toContain(id);
            },
          },
        ],
      });
    });
  }
});
