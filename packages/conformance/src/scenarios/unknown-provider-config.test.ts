// Unknown provider configuration: a provider block set from a resource not created yet is
// configured, while planning, with an unknown value. The provider must take it (configure sees
// Unknown, not a crash or a made-up value), plan what depends on it as unknown, and be
// configured again with the known value for the apply. Terraform adds a way out: a provider
// may answer every call "deferred" while its configuration is unknown, which Terraform accepts
// with `-allow-deferral` and leaves the objects for a later round; without it, the framework
// must refuse with an error saying so.
import { attr, defineProvider, defineResource, isUnknown, type Unknown } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, scenarioHosts } from "./scenario-providers.js";

const configured = new Journal<{ endpoint: string | "unknown" | null }>();

interface Client {
  readonly endpoint: string | null | Unknown;
}

// providerData is what configure returned, typed by the resource's author.
const endpointOf = (providerData: unknown) => (providerData as Client).endpoint;

const probe = defineResource({
  typeName: "scn_probe",
  schema: { name: attr.string({ required: true }), endpoint: attr.string({ computed: true }) },
  modifyPlan({ plan, providerData }) {
    // Known endpoint: plan it; unknown: leave it unknown until apply.
    const endpoint = endpointOf(providerData);
    if (plan === null || isUnknown(endpoint)) return;
    return { plan: { ...plan, endpoint } };
  },
  async create({ plan, providerData }) {
    const endpoint = endpointOf(providerData);
    return { ...plan, endpoint: isUnknown(endpoint) ? "still unknown" : endpoint };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, providerData }) {
    const endpoint = endpointOf(providerData);
    return { ...plan, endpoint: isUnknown(endpoint) ? "still unknown" : endpoint };
  },
  async delete() {},
});

const providerSchema = { endpoint: attr.string({ optional: true }) };

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  schema: providerSchema,
  resources: [probe],
  configure({ config }): Client {
    const endpoint = config.endpoint as string | null | Unknown;
    configured.record({ endpoint: isUnknown(endpoint) ? "unknown" : endpoint });
    return { endpoint };
  },
});

// The same provider, deferring instead of planning with an unknown configuration.
const deferring = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  schema: providerSchema,
  resources: [probe],
  deferWhenConfigUnknown: true,
  configure({ config }): Client {
    return { endpoint: config.endpoint };
  },
});

const config = `
resource "terraform_data" "endpoint" {
  input = "https://api.example.test"
}
provider "scn" {
  endpoint = terraform_data.endpoint.output
}
resource "scn_probe" "p" {
  name = "p"
}
`;

describe("scenario: unknown provider configuration", () => {
  for (const host of scenarioHosts({ terraform: true })) {
    it(`is configured with an unknown value while planning and the known one to apply (${host.name})`, async () => {
      configured.clear();
      await acceptanceTest({
        provider,
        address: SCENARIO_ADDRESS,
        ...(host.binary ? { binary: host.binary } : {}),
        steps: [
          {
            config,
            planChecks: {
              preApply: [
                planCheck.action("scn_probe.p", "create"),
                planCheck.unknown("scn_probe.p", "endpoint"),
              ],
            },
            stateChecks: [stateCheck.attribute("scn_probe.p", "endpoint", "https://api.example.test")],
            check: () => {
              const seen = configured.entries.map((e) => e.endpoint);
              expect(seen).toContain("unknown");
              expect(seen).toContain("https://api.example.test");
              expect(seen.indexOf("unknown")).toBeLessThan(seen.lastIndexOf("https://api.example.test"));
            },
          },
        ],
      });
    });
  }
});

describe("scenario: unknown provider configuration, deferred (Terraform)", () => {
  it("defers everything with -allow-deferral and refuses without it", async () => {
    const terraform = scenarioHosts({ terraform: true }).find((h) => h.name === "Terraform")!;
    await acceptanceTest({
      provider: deferring,
      address: SCENARIO_ADDRESS,
      binary: terraform.binary!,
      steps: [
        {
          config,
          preConfig: async ({ run }) => {
            await run(["plan", "-no-color", "-input=false", "-allow-deferral", "-out=deferred.tfplan"]);
            const shown = JSON.parse((await run(["show", "-json", "deferred.tfplan"])).stdout) as {
              resource_changes?: { address: string }[];
              deferred_changes?: { reason: string; resource_change: { address: string } }[];
            };
            // terraform_data is planned now; scn_probe.p waits for the provider's configuration.
            expect(shown.resource_changes?.map((c) => c.address)).toEqual(["terraform_data.endpoint"]);
            expect(shown.deferred_changes?.map((d) => [d.resource_change.address, d.reason])).toEqual([
              ["scn_probe.p", "provider_config_unknown"],
            ]);
          },
          // The harness plans without -allow-deferral: the deferral must be refused, saying why.
          expectError: /-allow-deferral/,
        },
        {
          config: config.replace("terraform_data.endpoint.output", '"https://known.example.test"'),
          stateChecks: [stateCheck.attribute("scn_probe.p", "endpoint", "https://known.example.test")],
        },
      ],
    });
  });
});
