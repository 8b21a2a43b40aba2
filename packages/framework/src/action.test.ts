// Actions: definition checks, the author's types, and the three RPCs over real gRPC in both
// protocols: schemas and metadata, validate, plan, and InvokeAction's stream (progress in
// order, one completed event, a throw mid-stream, cancellation).
import type * as grpc from "@grpc/grpc-js";
import { type ObjectType, Unknown } from "@tsvider/cty";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { defineAction } from "./action.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { dv5, startTestServerV5 } from "./internal/test-server-v5.test-support.js";
import { type Metrics, noMetrics } from "./metrics.js";
import { defineProvider } from "./provider.js";
import { attr } from "./schema/attributes.js";

/** Resolves when the running "wait" invocation sees its signal fire. */
let sawAbort: () => void = () => {};
const aborted = new Promise<void>((resolve) => {
  sawAbort = resolve;
});
/** Resolves once the "wait" invocation has started. */
let startedWaiting: () => void = () => {};
const waiting = new Promise<void>((resolve) => {
  startedWaiting = resolve;
});

const planned: string[] = [];
const notify = defineAction({
  typeName: "test_notify",
  description: "Sends a message.",
  schema: {
    message: attr.string({ required: true }),
    steps: attr.int64({ optional: true }),
    token: attr.string({ optional: true, sensitive: true }),
  },
  validateConfig({ config, diagnostics }) {
    if (config.message === "")
      diagnostics.addError("message is empty", "say something", [{ attribute: "message" }]);
  },
  plan({ config, diagnostics }) {
    planned.push(typeof config.message === "string" ? config.message : "(unknown)");
    if (config.message === "refuse") diagnostics.addError("refused at plan", "plan said no");
  },
  async invoke({ config, progress, signal, diagnostics }) {
    expectTypeOf(config.message).toEqualTypeOf<string>();
    expectTypeOf(config.steps).toEqualTypeOf<number | bigint | null>();
    if (config.message === "wait") {
      startedWaiting();
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      sawAbort();
      return;
    }
    const steps = Number(config.steps ?? 2);
    for (let i = 1; i <= steps; i++) progress(`step ${i} of ${steps}`);
    if (config.token) progress(`token is ${config.token}`);
    if (config.message === "boom") throw new Error("exploded halfway");
    if (config.message === "warn") diagnostics.addWarning("only a warning");
  },
});
/** The RPCs counted, with whether each failed. */
const rpcs: [string, boolean][] = [];
const metrics: Metrics = { ...noMetrics, rpc: (rpc, _seconds, failed) => void rpcs.push([rpc, failed]) };
const provider = defineProvider({ name: "test", version: "1.0.0", actions: [notify] });
const T = notify.valueType as ObjectType;
const config = (message: string, extra: { steps?: number; token?: string } = {}) => ({
  message,
  steps: extra.steps ?? null,
  token: extra.token ?? null,
});

type Event = {
  progress?: { message: string };
  completed?: { diagnostics: { severity: number; summary: string; detail: string }[] };
};

/** All events of one InvokeAction stream. */
function invoke(client: grpc.Client, request: object): Promise<Event[]> {
  const stream = (client as pb.ProviderClient).invokeAction(pb.InvokeAction_Request.fromPartial(request));
  return new Promise((resolve, reject) => {
    const events: Event[] = [];
    stream.on("data", (e: Event) => events.push(e));
    stream.on("error", reject);
    stream.on("end", () => resolve(events));
  });
}

describe("defineAction", () => {
  it("refuses a definition it cannot serve", () => {
    expect(() => defineAction({ typeName: "Bad-Name", schema: {}, invoke: async () => {} })).toThrow(
      FrameworkConfigurationError,
    );
    expect(() => defineAction({ typeName: "test_x", schema: {} } as never)).toThrow(/has no invoke/);
    expect(() =>
      defineAction({
        typeName: "test_x",
        schema: { id: attr.string({ computed: true }) },
        invoke: async () => {},
      }),
    ).toThrow(/attribute "id" is computed/);
  });

  it("belongs to the provider by prefix, once", () => {
    expect(() => defineProvider({ name: "other", version: "1", actions: [notify] })).toThrow(
      /does not start with "other_"/,
    );
    expect(() => defineProvider({ name: "test", version: "1", actions: [notify, notify] })).toThrow(
      /listed twice/,
    );
    expect(() => defineProvider({ name: "test", version: "1", actions: [{} as never] })).toThrow(
      /not an action/,
    );
  });
});

describe("actions over protocol 6", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider, { metrics });
  });
  afterAll(async () => server.close());

  it("reports the action in the schema and the metadata", async () => {
    const schema = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const block = schema.actionSchemas.test_notify?.schema?.block;
    expect(block?.description).toBe("Sends a message.");
    expect(block?.attributes.map((a) => [a.name, a.required, a.optional, a.sensitive])).toEqual([
      ["message", true, false, false],
      ["steps", false, true, false],
      ["token", false, true, true],
    ]);
    const meta = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(meta.actions).toEqual([{ typeName: "test_notify" }]);
  });

  it("validates with the author's checks, and names an unknown type", async () => {
    const bad = await server.call<pb.ValidateActionConfig_Response>("validateActionConfig", {
      typeName: "test_notify",
      config: dv(config(""), T),
    });
    expect(bad.diagnostics.map((d) => d.summary)).toEqual(["message is empty"]);
    expect(bad.diagnostics[0]?.attribute?.steps[0]?.attributeName).toBe("message");
    const unknown = await server.call<pb.ValidateActionConfig_Response>("validateActionConfig", {
      typeName: "test_nope",
      config: dv(config("x"), T),
    });
    expect(unknown.diagnostics[0]?.summary).toBe("Unknown action type test_nope");
    expect(unknown.diagnostics[0]?.detail).toContain("it has: test_notify");
  });

  it("plans through the author's plan", async () => {
    const ok = await server.call<pb.PlanAction_Response>("planAction", {
      actionType: "test_notify",
      config: dv(config("hello"), T),
    });
    expect(ok.diagnostics).toEqual([]);
    expect(ok.deferred).toBeUndefined();
    const refused = await server.call<pb.PlanAction_Response>("planAction", {
      actionType: "test_notify",
      config: dv(config("refuse"), T),
    });
    expect(refused.diagnostics.map((d) => d.summary)).toEqual(["refused at plan"]);
    expect(planned).toEqual(["hello", "refuse"]);
  });

  it("streams progress in order, then one completed event", async () => {
    const events = await invoke(server.client, {
      actionType: "test_notify",
      config: dv(config("go", { steps: 3 }), T),
    });
    expect(events).toEqual([
      { progress: { message: "step 1 of 3" } },
      { progress: { message: "step 2 of 3" } },
      { progress: { message: "step 3 of 3" } },
      { completed: { diagnostics: [] } },
    ]);
  });

  it("keeps a sensitive value out of progress messages", async () => {
    const events = await invoke(server.client, {
      actionType: "test_notify",
      config: dv(config("go", { steps: 0, token: "hunter2hunter2" }), T),
    });
    expect(events[0]?.progress?.message).not.toContain("hunter2hunter2");
  });

  it("ends a failing invocation with an error in the completed event, and serves on", async () => {
    const failed = await invoke(server.client, { actionType: "test_notify", config: dv(config("boom"), T) });
    expect(failed.slice(0, 2).map((e) => e.progress?.message)).toEqual(["step 1 of 2", "step 2 of 2"]);
    const completed = failed[2]?.completed;
    expect(failed).toHaveLength(3);
    expect(completed?.diagnostics[0]?.severity).toBe(1);
    expect(completed?.diagnostics[0]?.summary).toBe("Could not invoke action test_notify");
    expect(completed?.diagnostics[0]?.detail).toContain("exploded halfway");
    // The stream is counted like a unary RPC, failed when its completed event holds an error.
    expect(rpcs.filter(([rpc]) => rpc === "InvokeAction").at(-1)).toEqual(["InvokeAction", true]);
    const warned = await invoke(server.client, { actionType: "test_notify", config: dv(config("warn"), T) });
    expect(warned.at(-1)?.completed?.diagnostics.map((d) => [d.severity, d.summary])).toEqual([
      [2, "only a warning"],
    ]);
  });

  it("answers an unknown action type with a completed error event", async () => {
    const events = await invoke(server.client, { actionType: "test_nope", config: dv(config("x"), T) });
    expect(events).toHaveLength(1);
    expect(events[0]?.completed?.diagnostics[0]?.summary).toBe("Unknown action type test_nope");
  });

  it("answers malformed config with a diagnostic and serves on", async () => {
    const events = await invoke(server.client, {
      actionType: "test_notify",
      config: { msgpack: Buffer.from([0xc1, 0xff, 0x00]) },
    });
    expect(events).toHaveLength(1);
    const diagnostic = events[0]?.completed?.diagnostics[0];
    expect(diagnostic?.severity).toBe(1);
    expect(diagnostic?.summary).toContain("configuration for action test_notify");
    const after = await invoke(server.client, { actionType: "test_notify", config: dv(config("ok"), T) });
    expect(after.at(-1)).toEqual({ completed: { diagnostics: [] } });
  });

  it("refuses an invocation whose config is not wholly known", async () => {
    const events = await invoke(server.client, {
      actionType: "test_notify",
      config: dv({ message: Unknown, steps: null, token: null } as never, T),
    });
    expect(events[0]?.completed?.diagnostics[0]?.summary).toBe(
      "Configuration of action test_notify is not known yet",
    );
  });

  it("fires the handler's signal when Terraform cancels the call", async () => {
    const stream = (server.client as pb.ProviderClient).invokeAction(
      pb.InvokeAction_Request.fromPartial({ actionType: "test_notify", config: dv(config("wait"), T) }),
    );
    stream.on("error", () => {}); // the cancellation itself
    await waiting;
    stream.cancel();
    await aborted;
    // The process serves on.
    const events = await invoke(server.client, { actionType: "test_notify", config: dv(config("after"), T) });
    expect(events.at(-1)).toEqual({ completed: { diagnostics: [] } });
  });
});

describe("an action of a provider whose configuration is not known yet", () => {
  it("is deferred at plan as the whole provider, without calling plan", async () => {
    const deferring = defineProvider({
      name: "test",
      version: "1.0.0",
      schema: { endpoint: attr.string({ optional: true }) },
      deferWhenConfigUnknown: true,
      actions: [notify],
    });
    const s = await startTestServer(deferring);
    try {
      const configured = await s.call<pb.ConfigureProvider_Response>("configureProvider", {
        config: dv({ endpoint: Unknown }, deferring.configType),
        clientCapabilities: { deferralAllowed: true },
      });
      expect(configured.diagnostics).toEqual([]);
      const before = planned.length;
      const res = await s.call<pb.PlanAction_Response>("planAction", {
        actionType: "test_notify",
        config: dv(config("deferred"), T),
        clientCapabilities: { deferralAllowed: true },
      });
      expect(res.diagnostics).toEqual([]);
      expect(res.deferred?.reason).toBe(pb.Deferred_Reason.PROVIDER_CONFIG_UNKNOWN);
      expect(planned.length).toBe(before);
    } finally {
      await s.close();
    }
  });
});

describe("actions over protocol 5", () => {
  let server: Awaited<ReturnType<typeof startTestServerV5>>;
  beforeAll(async () => {
    server = await startTestServerV5(provider);
  });
  afterAll(async () => server.close());

  it("reports, plans and invokes the action", async () => {
    const schema = await server.call<pb5.GetProviderSchema_Response>("getSchema", {});
    expect(Object.keys(schema.actionSchemas)).toEqual(["test_notify"]);
    const plan = await server.call<pb5.PlanAction_Response>("planAction", {
      actionType: "test_notify",
      config: dv5(config("five"), T),
    });
    expect(plan.diagnostics).toEqual([]);
    const stream = (server.client as unknown as pb5.ProviderClient).invokeAction({
      actionType: "test_notify",
      config: dv5(config("five", { steps: 1 }), T),
      clientCapabilities: undefined,
    });
    const events = await new Promise<Event[]>((resolve, reject) => {
      const out: Event[] = [];
      stream.on("data", (e: Event) => out.push(e));
      stream.on("error", reject);
      stream.on("end", () => resolve(out));
    });
    expect(events).toEqual([{ progress: { message: "step 1 of 1" } }, { completed: { diagnostics: [] } }]);
  });
});
