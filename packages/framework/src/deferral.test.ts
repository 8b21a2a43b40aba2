// Deferred answers over real gRPC (protocols 6 and 5): a provider deferred by configure, a
// handler deferring with ctx.defer, and both refused when the request does not allow them.
import { isUnknown, Unknown } from "@tsvider/cty";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import type { DeferralReason, Deferred } from "./deferral.js";
import { defineEphemeralResource } from "./ephemeral-resource.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.test-support.js";
import { dv5, fromDv5, startTestServerV5 } from "./internal/test-server-v5.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

/** Each handler call, so a test can say which ran. */
const calls: string[] = [];
/** What each handler does next: defer with a reason (or a wrong one), or answer. */
let deferWith: string | undefined;

const server = defineResource({
  typeName: "test_server",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
  },
  async create({ plan }) {
    return { ...plan, id: "s-1" };
  },
  async read(ctx) {
    calls.push("read");
    expectTypeOf(ctx.deferralAllowed).toEqualTypeOf<boolean>();
    expectTypeOf(ctx.defer).toEqualTypeOf<(reason: DeferralReason) => Deferred>();
    if (deferWith) return ctx.defer(deferWith as DeferralReason);
    return { ...ctx.state, name: "read" };
  },
  modifyPlan(ctx) {
    calls.push("modifyPlan");
    if (deferWith) return ctx.defer(deferWith as DeferralReason);
    return undefined;
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id };
  },
  async delete() {},
  async importState(ctx) {
    calls.push("importState");
    if (deferWith) return ctx.defer(deferWith as DeferralReason);
    return { id: ctx.id };
  },
});
const image = defineDataSource({
  typeName: "test_image",
  schema: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
  async read(ctx) {
    calls.push("data read");
    if (deferWith) return ctx.defer(deferWith as DeferralReason);
    return { ...ctx.config, id: "img" };
  },
});
const token = defineEphemeralResource({
  typeName: "test_token",
  schema: { value: attr.string({ computed: true }) },
  async open(ctx) {
    calls.push("open");
    if (deferWith) return ctx.defer(deferWith as DeferralReason);
    return { result: { value: "t" } };
  },
});
const components = { resources: [server], dataSources: [image], ephemeralResources: [token] };
const configSchema = { endpoint: attr.string({ optional: true }), region: attr.string({ optional: true }) };

const byOption = defineProvider({
  name: "test",
  version: "1.0.0",
  schema: configSchema,
  deferWhenConfigUnknown: true,
  ...components,
  configure({ config }) {
    calls.push(`configure ${config.endpoint}`);
    return {};
  },
});
const byContext = defineProvider({
  name: "test",
  version: "1.0.0",
  schema: configSchema,
  ...components,
  configure(ctx) {
    calls.push(`configure allowed=${ctx.deferralAllowed}`);
    if (ctx.config.region === null) return ctx.defer();
    return {};
  },
});

const S = server.valueType;
const I = image.valueType;
const E = token.valueType;
const C = byOption.configType;
const allowed = { deferralAllowed: true };
const errors = (res: { diagnostics: { severity: number; summary: string; detail: string }[] }) =>
  res.diagnostics.filter((d) => d.severity === 1);

afterEach(() => {
  calls.length = 0;
  deferWith = undefined;
});

type Served = Awaited<ReturnType<typeof startTestServer>>;

/** Every deferrable RPC, as Terraform calls them; the answers as the test reads them. */
async function everyDeferrable(s: Served, clientCapabilities: { deferralAllowed: boolean }) {
  const state = { id: "s-1", name: "web" };
  const read = await s.call<pb.ReadResource_Response>("readResource", {
    typeName: "test_server",
    currentState: dv(state, S),
    clientCapabilities,
  });
  const plan = await s.call<pb.PlanResourceChange_Response>("planResourceChange", {
    typeName: "test_server",
    priorState: dv(null, S),
    proposedNewState: dv({ id: null, name: "web" }, S),
    config: dv({ id: null, name: "web" }, S),
    clientCapabilities,
  });
  const imported = await s.call<pb.ImportResourceState_Response>("importResourceState", {
    typeName: "test_server",
    id: "s-9",
    clientCapabilities,
  });
  const data = await s.call<pb.ReadDataSource_Response>("readDataSource", {
    typeName: "test_image",
    config: dv({ name: "x", id: null }, I),
    clientCapabilities,
  });
  const opened = await s.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
    typeName: "test_token",
    config: dv({ value: null }, E),
    clientCapabilities,
  });
  return { read, plan, imported, data, opened, state };
}

describe("a provider whose configuration is not known yet (deferWhenConfigUnknown)", () => {
  it("answers every later call deferred (provider_config_unknown) without calling a handler", async () => {
    const s = await startTestServer(byOption);
    try {
      const configured = await s.call<pb.ConfigureProvider_Response>("configureProvider", {
        config: dv({ endpoint: Unknown, region: "eu" }, C),
        clientCapabilities: allowed,
      });
      expect(configured.diagnostics).toEqual([]);
      const { read, plan, imported, data, opened, state } = await everyDeferrable(s, allowed);
      expect(calls).toEqual([]);
      for (const res of [read, plan, imported, data, opened]) {
        expect(res.diagnostics).toEqual([]);
        expect(res.deferred?.reason).toBe(2);
      }
      // Read keeps the object as it was; plan answers Terraform's proposal.
      expect(fromDv(read.newState, S)).toEqual(state);
      expect(fromDv(plan.plannedState, S)).toEqual({ id: null, name: "web" });
      // Import, data source and ephemeral resource answer an unknown object.
      expect(imported.importedResources).toHaveLength(1);
      expect(isUnknown(fromDv(imported.importedResources[0]!.state, S))).toBe(true);
      expect(isUnknown(fromDv(data.state, I))).toBe(true);
      expect(isUnknown(fromDv(opened.result, E))).toBe(true);
      expect(opened.private).toBeUndefined();

      // Configured again with a known value (debug reattach: the next walk), it serves again.
      await s.call("configureProvider", {
        config: dv({ endpoint: "e", region: "eu" }, C),
        clientCapabilities: allowed,
      });
      const again = await everyDeferrable(s, allowed);
      expect(again.read.deferred).toBeUndefined();
      expect(fromDv(again.read.newState, S)).toEqual({ id: "s-1", name: "read" });
      expect(calls).toEqual(["configure e", "read", "modifyPlan", "importState", "data read", "open"]);
    } finally {
      await s.close();
    }
  });

  it("refuses, naming the unknown attribute and -allow-deferral, when the run does not allow deferral", async () => {
    const s = await startTestServer(byOption);
    try {
      const configured = await s.call<pb.ConfigureProvider_Response>("configureProvider", {
        config: dv({ endpoint: Unknown, region: Unknown }, C),
      });
      const [error, ...more] = errors(configured);
      expect(more).toEqual([]);
      expect(error!.summary).toBe(
        "provider test configuration was deferred, but this run does not allow deferral",
      );
      expect(error!.detail).toContain(
        '(provider_config_unknown: "endpoint", "region" in its configuration are not known until apply)',
      );
      expect(error!.detail).toContain("-allow-deferral");
      expect(error!.detail).toContain("OpenTofu does not accept them");
      expect(calls).toEqual([]);
      // Nothing is deferred afterwards: the process keeps serving.
      const { read } = await everyDeferrable(s, { deferralAllowed: false });
      expect(read.deferred).toBeUndefined();
      expect(errors(read)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("configures as usual when the whole configuration is known", async () => {
    const s = await startTestServer(byOption);
    try {
      const configured = await s.call<pb.ConfigureProvider_Response>("configureProvider", {
        config: dv({ endpoint: "https://x", region: null }, C),
      });
      expect(configured.diagnostics).toEqual([]);
      expect(calls).toEqual(["configure https://x"]);
    } finally {
      await s.close();
    }
  });
});

describe("configure deferring with ctx.defer()", () => {
  it("defers every later call when allowed, and is refused when not", async () => {
    const s = await startTestServer(byContext);
    try {
      const ok = await s.call<pb.ConfigureProvider_Response>("configureProvider", {
        config: dv({ endpoint: null, region: null }, C),
        clientCapabilities: allowed,
      });
      expect(ok.diagnostics).toEqual([]);
      const { read, data } = await everyDeferrable(s, allowed);
      expect([read.deferred?.reason, data.deferred?.reason]).toEqual([2, 2]);
      expect(calls).toEqual(["configure allowed=true"]);

      const refused = await s.call<pb.ConfigureProvider_Response>("configureProvider", {
        config: dv({ endpoint: null, region: null }, C),
      });
      expect(errors(refused).map((d) => d.summary)).toEqual([
        "provider test configure was deferred, but this run does not allow deferral",
      ]);
    } finally {
      await s.close();
    }
  });
});

describe("handlers deferring with ctx.defer(reason)", () => {
  it("answers the reason, keeping the prior state on read", async () => {
    const s = await startTestServer(byContext);
    try {
      await s.call("configureProvider", {
        config: dv({ endpoint: null, region: "eu" }, C),
        clientCapabilities: allowed,
      });
      deferWith = "absent_prereq";
      const { read, plan, imported, data, opened, state } = await everyDeferrable(s, allowed);
      for (const res of [read, plan, imported, data, opened]) {
        expect(errors(res)).toEqual([]);
        expect(res.deferred?.reason).toBe(3);
      }
      expect(fromDv(read.newState, S)).toEqual(state);
      // The plan as far as it got before modifyPlan: the id still to be computed.
      expect(fromDv(plan.plannedState, S)).toEqual({ id: Unknown, name: "web" });
      expect(isUnknown(fromDv(data.state, I))).toBe(true);
      expect(calls).toEqual([
        "configure allowed=true",
        "read",
        "modifyPlan",
        "importState",
        "data read",
        "open",
      ]);
    } finally {
      await s.close();
    }
  });

  it("is an error naming the component when the run does not allow deferral; read keeps the state", async () => {
    const s = await startTestServer(byContext);
    try {
      await s.call("configureProvider", { config: dv({ endpoint: null, region: "eu" }, C) });
      deferWith = "resource_config_unknown";
      const { read, plan, imported, data, opened, state } = await everyDeferrable(s, {
        deferralAllowed: false,
      });
      expect(errors(read).map((d) => d.summary)).toEqual([
        "test_server read was deferred, but this run does not allow deferral",
      ]);
      expect(errors(read)[0]!.detail).toMatch(
        /^The provider deferred resource test_server to a later plan \(resource_config_unknown: its configuration holds values not known until apply\)/,
      );
      expect(fromDv(read.newState, S)).toEqual(state);
      expect(errors(plan).map((d) => d.summary)).toEqual([
        "test_server plan was deferred, but this run does not allow deferral",
      ]);
      expect(errors(imported).map((d) => d.summary)).toEqual([
        "test_server importState was deferred, but this run does not allow deferral",
      ]);
      expect(errors(data).map((d) => d.summary)).toEqual([
        "data source test_image read was deferred, but this run does not allow deferral",
      ]);
      expect(errors(opened).map((d) => d.summary)).toEqual([
        "ephemeral resource test_token open was deferred, but this run does not allow deferral",
      ]);
      for (const res of [read, plan, imported, data, opened]) expect(res.deferred).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it("refuses a reason that is not one of the protocol's", async () => {
    const s = await startTestServer(byContext);
    try {
      await s.call("configureProvider", {
        config: dv({ endpoint: null, region: "eu" }, C),
        clientCapabilities: allowed,
      });
      deferWith = "later";
      const { read } = await everyDeferrable(s, allowed);
      expect(errors(read).map((d) => [d.summary, d.detail])).toEqual([
        [
          "test_server read deferred with an unknown reason",
          'ctx.defer was given "later"; use one of "resource_config_unknown", "provider_config_unknown", "absent_prereq".',
        ],
      ]);
      expect(read.deferred).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});

describe("over protocol 5", () => {
  it("answers the same Deferred message", async () => {
    const s = await startTestServerV5(byOption);
    try {
      await s.call("configure", {
        config: dv5({ endpoint: Unknown, region: null }, C),
        clientCapabilities: allowed,
      });
      const read = await s.call<pb5.ReadResource_Response>("readResource", {
        typeName: "test_server",
        currentState: dv5({ id: "s-1", name: "web" }, S),
        clientCapabilities: allowed,
      });
      expect(read.deferred?.reason).toBe(2);
      expect(fromDv5(read.newState, S)).toEqual({ id: "s-1", name: "web" });
      expect(calls).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
