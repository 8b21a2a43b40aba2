// Write-only attributes over a real socket, end to end through the framework: the schema flag,
// validation against the host's capability, null in every plan, apply, read, import and move
// result whatever a handler returns, the value reaching create and update through config, and
// never a log line that holds it, at trace level, in messages, fields, results or errors.
import { Unknown } from "@tsvider/cty";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { checkPlanned } from "../server/result-checks.js";
import type { ObjectValue } from "../values/object-value.js";

const SECRET = "correct-horse-battery-staple";
const OTHER = "tr0ub4dor-and-3";
/** What create and update saw in config, to prove the value reached them. */
const received: unknown[] = [];

const schema = {
  id: attr.string({ computed: true }),
  name: attr.string({ required: true, requiresReplace: true }),
  password: attr.string({ optional: true, writeOnly: true }),
  password_version: attr.number({ optional: true }),
  login: block.list({ token: attr.string({ optional: true, writeOnly: true }) }),
};

const account = defineResource({
  typeName: "test_account",
  schema,
  moveState: [
    { sourceTypeName: "test_old_account", move: ({ sourceState }) => ({ ...sourceState }) as never },
  ],
  modifyPlan({ plan }) {
    if (plan?.name === "plan-secret") return { plan: { ...plan, password: SECRET } as never };
    return undefined;
  },
  async create({ config, plan, log }) {
    received.push(config.password, config.login[0]?.token);
    log.trace(`setting the password of ${plan.name} to ${config.password}`);
    log.info("password set", { password: config.password, name: plan.name });
    if (plan.name === "fail") throw new Error(`the server refused password ${config.password}`);
    // Handing config's values back, write-only ones included: the framework must drop them.
    return { ...plan, id: "acc-1", password: config.password, login: config.login } as never;
  },
  async read({ state }) {
    return { ...state, password: OTHER } as never;
  },
  async update({ config, plan }) {
    received.push(config.password);
    return { ...plan, password: config.password } as never;
  },
  async delete() {},
  async importState({ id }) {
    return { id, name: id, password: OTHER } as never;
  },
});

const provider = defineProvider({ name: "test", version: "1.0.0", resources: [account] });
const T = account.valueType;
const config = (name: string, password: string | null = SECRET) => ({
  id: null,
  name,
  password,
  password_version: 1,
  login: [{ token: OTHER }],
});
const errorsOf = (diagnostics: readonly pb.Diagnostic[]) =>
  diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR).map((d) => d.summary);

const lines: string[] = [];
let test: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  // The logger reads the level on first use, which comes after this (vitest: own modules,
  // so that this file is that first use).
  process.env.TF_LOG_PROVIDER = "trace";
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (!text.includes('"@module":"provider')) return write(chunk);
    lines.push(text);
    return true;
  }) as typeof process.stderr.write);
  test = await startTestServer(provider);
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.TF_LOG_PROVIDER;
  await test.close();
});

describe("write-only attributes", () => {
  it("are flagged write_only in the schema, in protocol 6 and 5", async () => {
    const res = await test.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const block6 = res.resourceSchemas.test_account?.block;
    expect(block6?.attributes.find((a) => a.name === "password")).toMatchObject({ writeOnly: true });
    expect(block6?.blockTypes[0]?.block?.attributes[0]).toMatchObject({ name: "token", writeOnly: true });
    const v5 = await startTestServerV5(provider);
    try {
      const res5 = await v5.call<pb5.GetProviderSchema_Response>("getSchema", {});
      const attribute = res5.resourceSchemas.test_account?.block?.attributes.find(
        (a) => a.name === "password",
      );
      expect(attribute).toMatchObject({ writeOnly: true });
    } finally {
      await v5.close();
    }
  });

  it("are refused in config, naming the attribute, when the host cannot keep them out of state", async () => {
    const refused = await test.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_account",
      config: dv(config("a"), T),
      clientCapabilities: { writeOnlyAttributesAllowed: false },
    });
    expect(refused.diagnostics.length).toBeGreaterThan(0);
    expect(refused.diagnostics[0]?.attribute?.steps[0]?.attributeName).toBe("password");
    const accepted = await test.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_account",
      config: dv(config("a"), T),
      clientCapabilities: { writeOnlyAttributesAllowed: true },
    });
    expect(errorsOf(accepted.diagnostics)).toEqual([]);
  });

  it("plan null, even when the host proposes a value", async () => {
    const res = await test.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_account",
      priorState: dv(null, T),
      proposedNewState: dv(config("a"), T),
      config: dv(config("a"), T),
    });
    expect(errorsOf(res.diagnostics)).toEqual([]);
    expect(fromDv(res.plannedState, T)).toEqual({
      id: Unknown,
      name: "a",
      password: null,
      password_version: 1,
      login: [{ token: null }],
    });
  });

  it("a changed write-only value alone plans no change (only its version attribute does)", async () => {
    const prior = { id: "acc-1", name: "a", password: null, password_version: 1, login: [{ token: null }] };
    const res = await test.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_account",
      priorState: dv(prior, T),
      proposedNewState: dv({ ...config("a", OTHER), id: "acc-1" }, T),
      config: dv(config("a", OTHER), T),
    });
    expect(fromDv(res.plannedState, T)).toEqual(prior);
  });

  it("are nulled in the plan modifyPlan returns, even when it hands config's value back", async () => {
    const res = await test.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_account",
      priorState: dv(null, T),
      proposedNewState: dv(config("plan-secret"), T),
      config: dv(config("plan-secret"), T),
    });
    expect(errorsOf(res.diagnostics)).toEqual([]);
    expect(fromDv(res.plannedState, T)).toMatchObject({ password: null });
  });

  it("planned with config's value are refused by the plan check, naming the attribute", () => {
    const diagnostics = new Diagnostics();
    const planned = { ...config("a"), id: Unknown } as never;
    checkPlanned(schema, null, config("a"), planned, "test_account plan", diagnostics);
    expect(diagnostics.items.map((d) => d.summary)).toEqual([
      'test_account plan planned a value for the write-only "password"',
      'test_account plan planned a value for the write-only "login[0].token"',
    ]);
  });

  it("reach create through config, and the value create hands back is dropped, not stored", async () => {
    received.length = 0;
    const planned = { ...config("a", null), id: Unknown, login: [{ token: null }] } as ObjectValue;
    const res = await test.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_account",
      priorState: dv(null, T),
      plannedState: dv(planned, T),
      config: dv(config("a"), T),
    });
    expect(errorsOf(res.diagnostics)).toEqual([]);
    expect(received).toEqual([SECRET, OTHER]);
    expect(fromDv(res.newState, T)).toEqual({ ...planned, id: "acc-1" });
    expect(res.newState?.msgpack.toString("latin1")).not.toContain(SECRET);
  });

  it("reach update through config, and are null in its result", async () => {
    received.length = 0;
    const prior = { id: "acc-1", name: "a", password: null, password_version: 1, login: [] };
    const planned = { ...prior, password_version: 2 };
    const res = await test.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_account",
      priorState: dv(prior, T),
      plannedState: dv(planned, T),
      config: dv({ ...planned, id: null, password: OTHER }, T),
    });
    expect(errorsOf(res.diagnostics)).toEqual([]);
    expect(received).toEqual([OTHER]);
    expect(fromDv(res.newState, T)).toEqual(planned);
  });

  it("are null in what read, import and a move return", async () => {
    const state = { id: "acc-1", name: "a", password: null, password_version: 1, login: [] };
    const read = await test.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_account",
      currentState: dv(state, T),
    });
    expect(errorsOf(read.diagnostics)).toEqual([]);
    expect(fromDv(read.newState, T)).toEqual(state);
    const imported = await test.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_account",
      id: "acc-9",
    });
    expect(fromDv(imported.importedResources[0]?.state, T)).toMatchObject({ id: "acc-9", password: null });
    const moved = await test.call<pb.MoveResourceState_Response>("moveResourceState", {
      sourceProviderAddress: "registry.opentofu.org/tsvider/test",
      sourceTypeName: "test_old_account",
      sourceState: {
        json: Buffer.from(JSON.stringify({ id: "acc-2", name: "b", password: OTHER })),
        flatmap: {},
      },
      targetTypeName: "test_account",
    });
    expect(errorsOf(moved.diagnostics)).toEqual([]);
    expect(fromDv(moved.targetState, T)).toMatchObject({ id: "acc-2", password: null });
  });

  it("are masked in the diagnostic of a handler's error that quotes them", async () => {
    const res = await test.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_account",
      priorState: dv(null, T),
      plannedState: dv(
        { id: Unknown, name: "fail", password: null, password_version: 1, login: [{ token: null }] },
        T,
      ),
      config: dv(config("fail"), T),
    });
    expect(errorsOf(res.diagnostics)).toHaveLength(1);
    expect(JSON.stringify(res.diagnostics)).not.toContain(SECRET);
  });

  it("never reach a log line, even at trace level", () => {
    // The trace lines were written (the results of each operation, the author's own line)...
    expect(lines.some((l) => l.includes('"@level":"trace"') && l.includes("resource create result"))).toBe(
      true,
    );
    expect(lines.some((l) => l.includes("setting the password of a to (sensitive)"))).toBe(true);
    // ...and none holds a write-only value, though create, update, read, import and move all
    // returned one and the author logged and threw them.
    const all = lines.join("");
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(OTHER);
  });
});
