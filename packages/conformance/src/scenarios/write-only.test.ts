// Write-only attributes (protocol 6.8+, OpenTofu 1.11 and Terraform 1.11): the value is in
// config only. The provider sees it in create and update (from ApplyResourceChange's config),
// but must answer null for it in every plan and state, and the host keeps it out of the plan
// file and the state file. A write-only value may come from an ephemeral resource, which a
// normal attribute refuses. A version attribute beside it says when to use it again.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { attr, defineEphemeralResource, defineProvider, defineResource } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import {
  Journal,
  SCENARIO_ADDRESS,
  SCENARIO_PROVIDER,
  scenarioHosts,
  stateFileText,
} from "./scenario-providers.js";

const received = new Journal<{ op: string; password: string | null }>();

const account = defineResource({
  typeName: "scn_account",
  schema: {
    name: attr.string({ required: true }),
    password_wo: attr.string({ optional: true, writeOnly: true, sensitive: true }),
    password_version: attr.number({ optional: true }),
    password_hint: attr.string({ computed: true }),
  },
  async create({ plan, config }) {
    received.record({ op: "create", password: config.password_wo });
    return { ...plan, password_hint: hint(config.password_wo) };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, config }) {
    received.record({ op: "update", password: config.password_wo });
    return { ...plan, password_hint: hint(config.password_wo) };
  },
  async delete() {},
});

const hint = (password: string | null) => (password === null ? "none" : `${password.length} characters`);

const generated = defineEphemeralResource({
  typeName: "scn_password",
  schema: {
    length: attr.number({ required: true }),
    value: attr.string({ computed: true, sensitive: true }),
  },
  async open({ config }) {
    return { result: { ...config, value: "e".repeat(Number(config.length)) } };
  },
});

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [account],
  ephemeralResources: [generated],
});

const SECRET = "wo-secret-8f3a91";

/** Every file under `dir` but the configuration (plan files, state, backups) that holds `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.includes(`${join(dir, ".terraform")}/`) || path.endsWith(".tf")) continue;
    if ((await readFile(path)).includes(needle)) found.push(path);
  }
  return found;
}

describe("scenario: write-only attributes", () => {
  for (const host of scenarioHosts({ terraform: true })) {
    it(`reach the provider from config and never a plan or state file (${host.name})`, async () => {
      received.clear();
      await acceptanceTest({
        provider,
        address: SCENARIO_ADDRESS,
        ...(host.binary ? { binary: host.binary } : {}),
        steps: [
          {
            config: `resource "scn_account" "a" {
  name             = "admin"
  password_wo      = "${SECRET}"
  password_version = 1
}`,
            planChecks: { preApply: [planCheck.known("scn_account.a", "password_wo", null)] },
            stateChecks: [
              stateCheck.attribute("scn_account.a", "password_wo", null),
              stateCheck.attribute("scn_account.a", "password_hint", `${SECRET.length} characters`),
            ],
            check: async ({ dir }) => {
              expect(received.entries[0]).toEqual({ op: "create", password: SECRET });
              expect(await stateFileText(dir)).not.toContain(SECRET);
              expect(await filesHolding(dir, SECRET)).toEqual([]);
            },
          },
          {
            // A normal attribute refuses an ephemeral value.
            config: `ephemeral "scn_password" "p" {
  length = 12
}
resource "scn_account" "a" {
  name             = ephemeral.scn_password.p.value
  password_version = 2
}`,
            expectError: /[Ee]phemeral value/,
          },
          {
            // From an ephemeral resource, which only a write-only attribute may take.
            config: `ephemeral "scn_password" "p" {
  length = 12
}
resource "scn_account" "a" {
  name             = "admin"
  password_wo      = ephemeral.scn_password.p.value
  password_version = 2
}`,
            planChecks: { preApply: [planCheck.action("scn_account.a", "update")] },
            stateChecks: [stateCheck.attribute("scn_account.a", "password_hint", "12 characters")],
            check: async ({ dir }) => {
              expect(received.entries.at(-1)).toEqual({ op: "update", password: "e".repeat(12) });
              expect(await filesHolding(dir, "e".repeat(12))).toEqual([]);
            },
          },
        ],
      });
    });
  }
});
