// Sensitive values: an attribute the schema marks sensitive (at the top, inside a nested
// attribute, in a nested block) is sensitive in the plan, so an output of it must say
// `sensitive = true` (the host refuses it otherwise), shows as sensitive in state, and its
// value still reaches the output itself. Values the provider computes are marked too.
import { attr, block, defineProvider, defineResource } from "@tsvider/framework";
import { describe, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "./scenario-providers.js";

const secret = defineResource({
  typeName: "scn_secret",
  schema: {
    name: attr.string({ required: true }),
    password: attr.string({ optional: true, sensitive: true }),
    token: attr.string({ computed: true, sensitive: true }),
    auth: attr.singleNested(
      { user: attr.string({ required: true }), key: attr.string({ required: true, sensitive: true }) },
      { optional: true },
    ),
    credential: block.list({ value: attr.string({ required: true, sensitive: true }) }),
  },
  async create({ plan }) {
    return { ...plan, token: `token-for-${plan.name}` };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, token: `token-for-${plan.name}` };
  },
  async delete() {},
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [secret] });

const resource = `resource "scn_secret" "s" {
  name     = "db"
  password = "hunter22"
  auth     = { user = "admin", key = "k-123" }
  credential {
    value = "c-456"
  }
}
`;

describe("scenario: sensitive outputs", () => {
  it("marks schema-sensitive values sensitive in plan, state and outputs", async () => {
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          // Without `sensitive = true` the host refuses an output of a sensitive value.
          config: `${resource}
output "token" { value = scn_secret.s.token }`,
          expectError: /Output refers to sensitive values/,
        },
        {
          config: `${resource}
output "token" {
  value     = scn_secret.s.token
  sensitive = true
}
output "key" {
  value     = scn_secret.s.auth.key
  sensitive = true
}
output "user" { value = scn_secret.s.auth.user }`,
          planChecks: {
            preApply: [
              planCheck.sensitive("scn_secret.s", "password"),
              planCheck.sensitive("scn_secret.s", "token"),
              planCheck.sensitive("scn_secret.s", "auth.key"),
              planCheck.sensitive("scn_secret.s", "credential.0.value"),
              planCheck.known("scn_secret.s", "auth.user", "admin"),
            ],
          },
          stateChecks: [
            stateCheck.attribute("scn_secret.s", "token", "token-for-db"),
            stateCheck.output("token", "token-for-db"),
            stateCheck.output("key", "k-123"),
            stateCheck.output("user", "admin"),
          ],
          check: ({ state }) => {
            const outputs = state.values?.outputs ?? {};
            if (outputs.token?.sensitive !== true || outputs.key?.sensitive !== true) {
              throw new Error(`outputs token and key should be sensitive: ${JSON.stringify(outputs)}`);
            }
            if (outputs.user?.sensitive !== false) throw new Error("output user should not be sensitive");
          },
        },
      ],
    });
  });
});
