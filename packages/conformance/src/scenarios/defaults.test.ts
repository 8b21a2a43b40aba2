// Defaults: an optional + computed attribute that config leaves null is planned with its
// default, known in the plan (not unknown), at the top and inside nested attributes and
// blocks; setting it in config overrides it, and removing it again plans the default back.
import {
  attr,
  block,
  Decimal,
  defineProvider,
  defineResource,
  isUnknown,
  t,
  type Unknown,
} from "@tsvider/framework";
import { describe, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "./scenario-providers.js";

const defaults = defineResource({
  typeName: "scn_defaults",
  schema: {
    name: attr.string({ required: true }),
    kind: attr.string({ optional: true, computed: true, default: "ssd" }),
    size: attr.int64({ optional: true, computed: true, default: 10 }),
    ratio: attr.number({ optional: true, computed: true, default: 0.5 }),
    enabled: attr.bool({ optional: true, computed: true, default: false }),
    tags: attr.map(t.string, { optional: true, computed: true, default: { team: "core" } }),
    disk: attr.singleNested(
      {
        mode: attr.string({ optional: true, computed: true, default: "rw" }),
        label: attr.string({ optional: true }),
      },
      { optional: true },
    ),
    rule: block.list({
      port: attr.int64({ required: true }),
      protocol: attr.string({ optional: true, computed: true, default: "tcp" }),
    }),
  },
  // Every value is known by apply: config's, or the default the framework planned.
  async create({ plan }) {
    return known(plan);
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return known(plan);
  },
  async delete() {},
});

/** A planned value with every unknown gone, at any depth. */
type Known<T> = T extends Unknown
  ? never
  : T extends Decimal
    ? T
    : T extends readonly (infer E)[]
      ? Known<E>[]
      : T extends object
        ? { [K in keyof T]: Known<T[K]> }
        : T;

/** The plan as state: a planned default is never unknown at apply, so one that is is a bug. */
function known<T>(plan: T, path = "plan"): Known<T> {
  if (isUnknown(plan)) throw new Error(`${path} is unknown at apply: its default was not planned`);
  if (plan !== null && typeof plan === "object" && !(plan instanceof Decimal)) {
    for (const [name, value] of Object.entries(plan)) known(value, `${path}.${name}`);
  }
  return plan as Known<T>;
}

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [defaults] });

describe("scenario: defaults", () => {
  it("plans defaults as known values, lets config override them and plans them back", async () => {
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `resource "scn_defaults" "d" {
  name = "a"
  disk = { label = "boot" }
  rule {
    port = 22
  }
}`,
          planChecks: {
            preApply: [
              planCheck.known("scn_defaults.d", "kind", "ssd"),
              planCheck.known("scn_defaults.d", "size", 10),
              planCheck.known("scn_defaults.d", "ratio", 0.5),
              planCheck.known("scn_defaults.d", "enabled", false),
              planCheck.known("scn_defaults.d", "tags", { team: "core" }),
              planCheck.known("scn_defaults.d", "disk.mode", "rw"),
              planCheck.known("scn_defaults.d", "rule.0.protocol", "tcp"),
            ],
          },
          stateChecks: [
            stateCheck.attribute("scn_defaults.d", "kind", "ssd"),
            stateCheck.attribute("scn_defaults.d", "disk", { mode: "rw", label: "boot" }),
            stateCheck.attribute("scn_defaults.d", "rule", [{ port: 22, protocol: "tcp" }]),
          ],
        },
        {
          config: `resource "scn_defaults" "d" {
  name    = "a"
  kind    = "hdd"
  size    = 20
  enabled = true
  tags    = {}
  disk    = { label = "boot", mode = "ro" }
  rule {
    port     = 53
    protocol = "udp"
  }
}`,
          planChecks: { preApply: [planCheck.action("scn_defaults.d", "update")] },
          stateChecks: [
            stateCheck.attribute("scn_defaults.d", "kind", "hdd"),
            stateCheck.attribute("scn_defaults.d", "size", 20),
            stateCheck.attribute("scn_defaults.d", "tags", {}),
            stateCheck.attribute("scn_defaults.d", "disk.mode", "ro"),
            stateCheck.attribute("scn_defaults.d", "rule.0.protocol", "udp"),
          ],
        },
        {
          // Config no longer sets them: the defaults come back, planned as known values.
          config: `resource "scn_defaults" "d" {
  name = "a"
}`,
          planChecks: {
            preApply: [
              planCheck.action("scn_defaults.d", "update"),
              planCheck.known("scn_defaults.d", "kind", "ssd"),
              planCheck.known("scn_defaults.d", "tags", { team: "core" }),
            ],
          },
          stateChecks: [
            stateCheck.attribute("scn_defaults.d", "kind", "ssd"),
            stateCheck.attribute("scn_defaults.d", "size", 10),
            stateCheck.attribute("scn_defaults.d", "enabled", false),
            stateCheck.attribute("scn_defaults.d", "disk", null),
            stateCheck.attribute("scn_defaults.d", "rule", []),
          ],
        },
      ],
    });
  });
});
