import * as cty from "@tsvider/cty";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import type { Plan } from "./schema/infer.js";
import {
  OperationTimeoutError,
  parseDuration,
  runWithTimeout,
  timeoutFor,
  timeoutsBlock,
} from "./timeouts.js";

describe("parseDuration", () => {
  it("reads Go durations", () => {
    expect(parseDuration("20m")).toBe(1_200_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("1.5h")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("1m0.5s")).toBe(60_500);
    expect(parseDuration(".5s")).toBe(500);
    expect(parseDuration("10us")).toBeCloseTo(0.01);
    expect(parseDuration("2\u00b5s")).toBeCloseTo(0.002);
  });

  it("says what is wrong with anything else", () => {
    expect(parseDuration("20")).toMatch(/"20" is not a duration: write a number with a unit/);
    expect(parseDuration("20 m")).toMatch(/not a duration/);
    expect(parseDuration("5d")).toMatch(/not a duration/);
    expect(parseDuration("")).toMatch(/not a duration/);
    expect(parseDuration(".s")).toMatch(/not a duration/);
    expect(parseDuration("-5m")).toBe('"-5m" is not a positive duration: leave out the sign');
    expect(parseDuration("0")).toMatch(/not a positive duration/);
    expect(parseDuration("0s")).toMatch(/not a positive duration/);
  });
});

describe("runWithTimeout", () => {
  const never = new AbortController().signal;
  const timeout = { ms: 30, text: "30ms" };

  it("runs without a timer when there is no timeout", async () => {
    const diagnostics = new Diagnostics();
    const value = await runWithTimeout(
      diagnostics,
      "x create",
      { parent: never, operation: "create", timeout: undefined },
      (signal) => {
        expect(signal).toBe(never);
        return 5;
      },
    );
    expect(value).toBe(5);
  });

  it("fires the signal when time is up; a handler that stops gets the timeout error", async () => {
    const diagnostics = new Diagnostics();
    let reason: unknown;
    const value = await runWithTimeout(
      diagnostics,
      "x create",
      { parent: never, operation: "create", timeout },
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => {
            reason = signal.reason;
            reject(signal.reason);
          }),
        ),
    );
    expect(value).toBeUndefined();
    expect(reason).toBeInstanceOf(OperationTimeoutError);
    expect(diagnostics.items).toEqual([
      {
        severity: "error",
        summary: "x create timed out after 30ms",
        detail: expect.stringMatching(
          /^It stopped when its time ran out\. The state from before the operation is kept/,
        ),
      },
    ]);
  });

  it("stops waiting for a handler that ignores its signal, and logs how it ends", async () => {
    const diagnostics = new Diagnostics();
    let finish!: (v: number) => void;
    const value = await runWithTimeout(
      diagnostics,
      "x delete",
      { parent: never, operation: "delete", timeout },
      () =>
        new Promise<number>((resolve) => {
          finish = resolve;
        }),
    );
    // The handler's promise settles only when finish() is called below, after this await: so
    // runWithTimeout returning at all proves it stopped waiting, with no clock to read.
    expect(value).toBeUndefined();
    expect(diagnostics.items[0]).toMatchObject({
      severity: "error",
      summary: "x delete timed out after 30ms",
      detail: expect.stringMatching(/did not stop within 30ms of being told to, so it may still be running/),
    });
    finish(1); // Ends later, after nobody waits: no unhandled rejection, nothing thrown.
  });

  it("keeps the result of a handler that finishes after its signal fired, with a warning", async () => {
    const diagnostics = new Diagnostics();
    const value = await runWithTimeout(
      diagnostics,
      "x create",
      { parent: never, operation: "create", timeout },
      (signal) =>
        new Promise((resolve) =>
          signal.addEventListener("abort", () => setTimeout(() => resolve("made"), 5)),
        ),
    );
    expect(value).toBe("made");
    expect(diagnostics.items.map((d) => [d.severity, d.summary])).toEqual([
      ["warning", "x create took longer than its 30ms timeout"],
    ]);
  });

  it("passes Ctrl-C on, and leaves no listener on the provider's signal", async () => {
    const stop = new AbortController();
    const diagnostics = new Diagnostics();
    const pending = runWithTimeout(
      diagnostics,
      "x read",
      { parent: stop.signal, operation: "read", timeout: { ms: 60_000, text: "1m" } },
      (signal) =>
        new Promise((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    );
    stop.abort(new Error("stop"));
    expect(await pending).toBeUndefined();
    expect(diagnostics.items[0]!.summary).toBe("x read failed");

    // Many timed runs on one long-lived signal: each removes its listener again.
    const parent = new AbortController();
    let added = 0;
    let removed = 0;
    const add = parent.signal.addEventListener.bind(parent.signal);
    const remove = parent.signal.removeEventListener.bind(parent.signal);
    parent.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      added++;
      add(...args);
    }) as typeof add;
    parent.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      removed++;
      remove(...args);
    }) as typeof remove;
    for (let i = 0; i < 20; i++) {
      await runWithTimeout(
        new Diagnostics(),
        "x read",
        { parent: parent.signal, operation: "read", timeout },
        () => i,
      );
    }
    expect(added).toBe(20);
    expect(removed).toBe(20);
  });

  it("turns a handler's own failure before the timeout into its usual diagnostic", async () => {
    const diagnostics = new Diagnostics();
    await runWithTimeout(diagnostics, "x update", { parent: never, operation: "update", timeout }, () => {
      throw new Error("nope");
    });
    expect(diagnostics.items[0]!.summary).toBe("x update failed");
  });
});

describe("timeoutsBlock", () => {
  it("is a real single block of optional strings, for the operations asked for", () => {
    const block = timeoutsBlock({ create: true, delete: true });
    expect(block.kind).toBe("block");
    expect(block.nesting).toBe("single");
    expect(Object.keys(block.schema)).toEqual(["create", "delete"]);
    expect(block.schema.create.options).toMatchObject({ optional: true });
    const schema = { timeouts: block };
    expectTypeOf<Plan<typeof schema>["timeouts"]>().toEqualTypeOf<{
      create: string | null;
      delete: string | null;
    } | null>();
    expect(() => timeoutsBlock({})).toThrowError(FrameworkConfigurationError);
  });

  it("picks config's value over the resource's default, and the default when config has none", () => {
    const resource = {
      schema: { timeouts: timeoutsBlock({ create: true, read: true }) },
      timeouts: { create: "20m", delete: "5m" },
    };
    expect(timeoutFor(resource, "create", { timeouts: { create: "1h", read: null } })).toEqual({
      ms: 3_600_000,
      text: "1h",
    });
    expect(timeoutFor(resource, "create", { timeouts: null })).toEqual({ ms: 1_200_000, text: "20m" });
    expect(timeoutFor(resource, "delete", null)).toEqual({ ms: 300_000, text: "5m" });
    expect(timeoutFor(resource, "update", { timeouts: null })).toBeUndefined();
  });
});

describe("defineResource checks its timeouts", () => {
  const handlers = {
    async create() {
      return {} as never;
    },
    async read() {
      return null;
    },
    async delete() {},
  };

  it("refuses a default that is not a duration, or an unknown operation", () => {
    expect(() =>
      defineResource({ typeName: "x_y", schema: {}, timeouts: { create: "20" }, ...handlers }),
    ).toThrowError(/resource x_y: timeouts.create is not valid/);
    expect(() =>
      defineResource({ typeName: "x_y", schema: {}, timeouts: { refresh: "1m" } as never, ...handlers }),
    ).toThrowError(/unknown operation "refresh"/);
  });

  it("takes an import default, which only a default can set", () => {
    const resource = defineResource({ typeName: "x_y", schema: {}, timeouts: { import: "1m" }, ...handlers });
    expect(timeoutFor(resource, "import", null)).toEqual({ ms: 60_000, text: "1m" });
  });

  it("lets a resource without update have a timeouts block", () => {
    expect(() =>
      defineResource({
        typeName: "x_y",
        schema: {
          name: attr.string({ required: true, requiresReplace: true }),
          timeouts: timeoutsBlock({ create: true }),
        },
        ...handlers,
      }),
    ).not.toThrow();
  });
});

// Over the wire: a resource whose handlers wait until told to stop.
let deletes = 0;
let updates = 0;
const slow = defineResource({
  typeName: "test_slow",
  schema: {
    name: attr.string({ required: true }),
    id: attr.string({ computed: true }),
    timeouts: timeoutsBlock({ create: true, update: true, delete: true }),
  },
  timeouts: { create: "40ms", delete: "40ms" },
  async create({ plan, signal }) {
    if (plan.name === "quick") return { ...plan, id: "q" };
    await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    return { ...plan, id: "never" };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    updates++;
    return { ...plan, id: state.id };
  },
  async delete({ signal }) {
    deletes++;
    await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
  },
});
const T = slow.valueType;
const provider = defineProvider({ name: "test", version: "1.0.0", resources: [slow] });

describe("timeouts over the wire", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider);
  });
  afterAll(async () => server.close());
  const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
    res.diagnostics.filter((d) => d.severity === pb.Diagnostic_Severity.ERROR);
  const apply = (prior: cty.CtyValue, planned: cty.CtyValue, config: cty.CtyValue) =>
    server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_slow",
      priorState: dv(prior, T),
      plannedState: dv(planned, T),
      config: dv(config, T),
    });

  it("checks the durations config sets, naming the attribute", async () => {
    const res = await server.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_slow",
      config: dv({ name: "a", id: null, timeouts: { create: "ten minutes", update: "5m", delete: null } }, T),
    });
    expect(errors(res).map((d) => [d.summary, d.attribute?.steps.map((s) => s.attributeName)])).toEqual([
      ["Invalid timeout", ["timeouts", "create"]],
    ]);
    expect(errors(res)[0]!.detail).toMatch(/"ten minutes" is not a duration/);
  });

  it("fails a create that runs past the resource's default, keeping no state", async () => {
    const config = { name: "a", id: null, timeouts: null };
    const res = await apply(null, { ...config, id: cty.Unknown }, config);
    expect(errors(res).map((d) => d.summary)).toEqual(["test_slow create timed out after 40ms"]);
    expect(fromDv(res.newState, T)).toBeNull();
  });

  it("uses the practitioner's timeout over the default", async () => {
    const config = { name: "a", id: null, timeouts: { create: "10ms", update: null, delete: null } };
    const res = await apply(null, { ...config, id: cty.Unknown }, config);
    expect(errors(res).map((d) => d.summary)).toEqual(["test_slow create timed out after 10ms"]);
  });

  it("fails a delete that runs past its timeout, keeping the object in state", async () => {
    const state = { name: "a", id: "x", timeouts: null };
    const res = await apply(state, null, null);
    expect(errors(res).map((d) => d.summary)).toEqual(["test_slow delete timed out after 40ms"]);
    expect(fromDv(res.newState, T)).toEqual(state);
    expect(deletes).toBe(1);
  });

  it("applies a change to the timeouts block alone without calling update", async () => {
    const prior = { name: "quick", id: "q", timeouts: null };
    const config = { name: "quick", id: null, timeouts: { create: null, update: "1h", delete: null } };
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_slow",
      priorState: dv(prior, T),
      proposedNewState: dv({ ...config, id: "q" }, T),
      config: dv(config, T),
    });
    expect(errors(plan)).toEqual([]);
    // id stays known: nothing remote changes.
    const planned = fromDv(plan.plannedState, T);
    expect(planned).toEqual({ ...config, id: "q" });
    const res = await apply(prior, planned, config);
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.newState, T)).toEqual(planned);
    expect(updates).toBe(0);
  });

  it("serves on after timeouts", async () => {
    const config = { name: "quick", id: null, timeouts: null };
    const res = await apply(null, { ...config, id: cty.Unknown }, config);
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.newState, T)).toEqual({ ...config, id: "q" });
  });
});
