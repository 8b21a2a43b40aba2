// The server capabilities the provider advertises, and that it honours them: plan_destroy (a
// destroy is planned by the provider, which keeps the private data for delete) and
// get_provider_schema_optional (a process serves every RPC without GetProviderSchema first,
// as when Terraform reuses the schema it cached from another process).
import * as cty from "@tsvider/cty";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterEach, describe, expect, it } from "vitest";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { PrivateStateCodec, privateState, privateStateSecretVariable } from "../private-state.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";

const secret = "a secret for the capability tests";
const objects = new Map<string, string>();
const deleted: unknown[] = [];
const item = defineResource({
  typeName: "test_item",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    value: attr.string({ required: true }),
    id: attr.string({ computed: true }),
  },
  privateState: privateState<{ revision: number }>(),
  async create({ plan, setPrivate }) {
    objects.set(plan.name, plan.value);
    setPrivate({ revision: 1 });
    return { ...plan, id: `id-${plan.name}` };
  },
  async read({ state }) {
    const value = objects.get(state.name);
    return value === undefined ? null : { ...state, value };
  },
  async update({ plan, state }) {
    objects.set(plan.name, plan.value);
    return { ...plan, id: state.id };
  },
  async delete({ state, private: stored }) {
    deleted.push(stored);
    objects.delete(state.name);
  },
  async importState({ id }) {
    return { name: id };
  },
});
const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  schema: { region: attr.string({ optional: true }) },
  resources: [item],
  configure: ({ config }) => ({ region: config.region }),
});
const T = item.valueType;
const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === pb.Diagnostic_Severity.ERROR).map((d) => d.summary);

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const start = async () => {
  server = await startTestServer(provider, { env: { [privateStateSecretVariable]: secret } });
  return server;
};

describe("server capabilities", () => {
  it("advertises plan_destroy and get_provider_schema_optional, alike in GetProviderSchema and GetMetadata", async () => {
    const s = await start();
    const schema = await s.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const metadata = await s.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(schema.serverCapabilities).toMatchObject({ planDestroy: true, getProviderSchemaOptional: true });
    expect(metadata.serverCapabilities).toEqual(schema.serverCapabilities);
    // Everything GetProviderSchema describes, GetMetadata names, and nothing else.
    const names = (m: Record<string, unknown>) => Object.keys(m).sort();
    const listed = (l: { typeName?: string; name?: string }[]) => l.map((x) => x.typeName ?? x.name).sort();
    expect(listed(metadata.resources)).toEqual(names(schema.resourceSchemas));
    expect(listed(metadata.dataSources)).toEqual(names(schema.dataSourceSchemas));
    expect(listed(metadata.functions)).toEqual(names(schema.functions));
    expect(listed(metadata.ephemeralResources)).toEqual(names(schema.ephemeralResourceSchemas));
    expect(listed(metadata.listResources)).toEqual(names(schema.listResourceSchemas));
    expect(listed(metadata.actions)).toEqual(names(schema.actionSchemas));
    expect(errors(metadata)).toEqual([]);
  });

  it("serves a whole lifecycle in a process that was never asked for its schema", async () => {
    const s = await start();
    const config = { region: "eu" };
    const providerConfig = dv(config, provider.configType);
    expect(errors(await s.call("validateProviderConfig", { config: providerConfig }))).toEqual([]);
    expect(errors(await s.call("configureProvider", { config: providerConfig }))).toEqual([]);

    const cfg = { name: "a", value: "one", id: null };
    expect(
      errors(await s.call("validateResourceConfig", { typeName: "test_item", config: dv(cfg, T) })),
    ).toEqual([]);
    const plan = await s.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_item",
      priorState: dv(null, T),
      proposedNewState: dv(cfg, T),
      config: dv(cfg, T),
    });
    expect(errors(plan)).toEqual([]);
    const applied = await s.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_item",
      priorState: dv(null, T),
      plannedState: plan.plannedState,
      config: dv(cfg, T),
      plannedPrivate: plan.plannedPrivate,
    });
    expect(errors(applied)).toEqual([]);
    const state = fromDv(applied.newState, T);
    expect(state).toEqual({ ...cfg, id: "id-a" });

    const upgraded = await s.call<pb.UpgradeResourceState_Response>("upgradeResourceState", {
      typeName: "test_item",
      version: 0n,
      rawState: { json: Buffer.from(JSON.stringify(state)), flatmap: {} },
    });
    expect(errors(upgraded)).toEqual([]);
    const read = await s.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_item",
      currentState: upgraded.upgradedState,
      private: applied.private,
    });
    expect(errors(read)).toEqual([]);
    const imported = await s.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_item",
      id: "a",
    });
    expect(errors(imported)).toEqual([]);
    const identities = await s.call<pb.GetResourceIdentitySchemas_Response>("getResourceIdentitySchemas", {});
    expect(errors(identities)).toEqual([]);
  });
});

describe("plan_destroy", () => {
  it("plans a destroy as null and hands the prior private data on to delete", async () => {
    const s = await start();
    objects.set("d", "x");
    deleted.length = 0;
    const state = { name: "d", value: "x", id: "id-d" };
    const priorPrivate = Buffer.from(new PrivateStateCodec([secret]).seal("test_item", { revision: 3 }));
    const plan = await s.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_item",
      priorState: dv(state, T),
      proposedNewState: dv(null, T),
      config: dv(null, T),
      priorPrivate,
    });
    expect(errors(plan)).toEqual([]);
    expect(fromDv(plan.plannedState, T)).toBeNull();
    expect(plan.requiresReplace).toEqual([]);
    expect(plan.plannedPrivate.equals(priorPrivate)).toBe(true);

    const applied = await s.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_item",
      priorState: dv(state, T),
      plannedState: plan.plannedState,
      config: dv(null, T),
      plannedPrivate: plan.plannedPrivate,
    });
    expect(errors(applied)).toEqual([]);
    expect(fromDv(applied.newState, T)).toBeNull();
    expect(deleted).toEqual([{ revision: 3 }]);
    expect(objects.has("d")).toBe(false);
  });

  it("plans a destroy even without a secret when there is no private data", async () => {
    server = await startTestServer(provider, { env: {} });
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_item",
      priorState: dv({ name: "e", value: "x", id: "id-e" }, T),
      proposedNewState: dv(null, T),
      config: dv(null, T),
    });
    expect(errors(plan)).toEqual([]);
    expect(plan.plannedPrivate).toHaveLength(0);
    expect(cty.isUnknown(fromDv(plan.plannedState, T))).toBe(false);
  });
});
