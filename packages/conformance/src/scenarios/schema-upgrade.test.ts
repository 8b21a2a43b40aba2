// Upgrade from an older schema version: state stored by version 0 of a resource (a size in MB
// under another name, a flag since dropped) reaches the current version's (2) upgrader through
// UpgradeResourceState as raw JSON, numbers exact, before anything else touches it. The
// upgraded object must plan no change, and the host must store it under version 2. The older
// state is written the way the host writes it, by editing the state file the previous step
// left (the provider is served in-process, so both versions cannot be installed side by side).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { attr, defineProvider, defineResource } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, storedInstance } from "./scenario-providers.js";

const upgraded = new Journal<{ from: number; raw: Record<string, unknown> }>();

const volume = defineResource({
  typeName: "scn_volume",
  version: 2,
  schema: {
    name: attr.string({ required: true }),
    size_gb: attr.int64({ required: true }),
    bytes: attr.number({ computed: true }),
  },
  upgraders: {
    // Version 0 kept the size in MB as `size` and a `legacy` flag.
    0: ({ rawState }) => {
      upgraded.record({ from: 0, raw: rawState as Record<string, unknown> });
      const mb = BigInt(String(rawState.size));
      return {
        name: String(rawState.name),
        size_gb: Number(mb / 1024n),
        bytes: mb * 1024n * 1024n,
      };
    },
  },
  async create({ plan }) {
    return { ...plan, bytes: BigInt(plan.size_gb) * 1024n ** 3n };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, bytes: BigInt(plan.size_gb) * 1024n ** 3n };
  },
  async delete() {},
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [volume] });

/** Rewrites the stored `scn_volume.v` as `version` of the schema would have stored it. */
async function storeAsVersion(dir: string, version: number, attributes: Record<string, unknown>) {
  const file = join(dir, "terraform.tfstate");
  const state = JSON.parse(await readFile(file, "utf8")) as {
    serial: number;
    resources: { type: string; instances: { schema_version: number; attributes: unknown }[] }[];
  };
  const instance = state.resources.find((r) => r.type === "scn_volume")?.instances[0];
  if (!instance) throw new Error(`no scn_volume in ${file}`);
  instance.schema_version = version;
  instance.attributes = attributes;
  state.serial += 1;
  await writeFile(file, JSON.stringify(state, null, 2));
}

// 2^53 + 1 MB: the upgrader must get it exactly (as a bigint), not as the nearest double.
const BIG_MB = "9007199254740993";

describe("scenario: upgrade from an older schema version", () => {
  it("upgrades version 0 state exactly, with no change planned, stored as version 2", async () => {
    upgraded.clear();
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `resource "scn_volume" "v" {
  name    = "data"
  size_gb = 4
}`,
          check: async ({ dir }) => {
            expect((await storedInstance(dir, "scn_volume", "v")).schema_version).toBe(2);
          },
        },
        {
          // Before the step's commands (a check would run before the convergence plan).
          preConfig: ({ dir }) => storeAsVersion(dir, 0, { name: "data", size: 4096, legacy: true }),
          // Same config: the upgraded version 0 state must match it exactly.
          config: `resource "scn_volume" "v" {
  name    = "data"
  size_gb = 4
}`,
          // No check here: the host's `show -json` refuses state of another schema version
          // until an apply has stored the upgraded object, so the next step looks.
          planOnly: true,
        },
        {
          config: `resource "scn_volume" "v" {
  name    = "data"
  size_gb = 4
}`,
          refreshState: true,
          stateChecks: [stateCheck.attribute("scn_volume.v", "bytes", 4 * 1024 ** 3)],
          check: async ({ dir }) => {
            expect(upgraded.entries.find((e) => e.from === 0)?.raw).toEqual({
              name: "data",
              size: 4096,
              legacy: true,
            });
            const stored = await storedInstance(dir, "scn_volume", "v");
            expect(stored.schema_version).toBe(2);
            expect(stored.attributes).toEqual({ name: "data", size_gb: 4, bytes: 4 * 1024 ** 3 });
          },
        },
        {
          preConfig: async ({ dir }) => {
            await storeAsVersion(dir, 0, { name: "data", size: 0, legacy: true });
            // JSON.stringify would round 2^53 + 1: write the exact digits into the file instead.
            const file = join(dir, "terraform.tfstate");
            const text = await readFile(file, "utf8");
            await writeFile(file, text.replace(/"size": 0\b/, `"size": ${BIG_MB}`));
          },
          config: `resource "scn_volume" "v" {
  name    = "data"
  size_gb = 8796093022208
}`,
          refreshState: true,
          check: ({ state }) => {
            const raw = upgraded.entries.at(-1)?.raw;
            expect(String(raw?.size)).toBe(BIG_MB);
            expect(typeof raw?.size).toBe("bigint");
            const values = state.values?.root_module?.resources?.[0]?.values as Record<string, unknown>;
            expect(values.size_gb).toBe(8796093022208);
          },
        },
      ],
    });
  });
});
