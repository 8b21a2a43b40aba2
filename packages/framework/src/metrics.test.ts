// The provider's metrics: counted through the in-process server, written to a file when the
// host shuts the provider down (through rpcplugin's Shutdown, as tofu sends it), and served on
// the loopback interface.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as cty from "@tsvider/cty";
import { terraformMagicCookie } from "@tsvider/rpcplugin";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import { ResourceError } from "./errors.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import {
  createProviderMetrics,
  metricsFilePath,
  metricsSettings,
  noMetrics,
  type ProviderMetrics,
  startMetricsExport,
} from "./metrics.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { serve } from "./serve.js";

const thing = defineResource({
  typeName: "test_thing",
  schema: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
  async create({ plan }) {
    if (plan.name === "fail") throw new ResourceError("No");
    return { ...plan, id: "1" };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id };
  },
  async delete() {},
});
const lookup = defineDataSource({
  typeName: "test_lookup",
  schema: { name: attr.string({ required: true }) },
  async read({ config }) {
    return config;
  },
});
const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [thing],
  dataSources: [lookup],
});
const T = thing.valueType;

/** The value of one series, 0 when it has not been recorded. */
async function value(metrics: ProviderMetrics, name: string, labels: Record<string, string> = {}) {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find(
    (v) =>
      Object.entries(labels).every(([k, want]) => v.labels[k] === want) &&
      !("le" in v.labels) &&
      !(v as { metricName?: string }).metricName?.endsWith("_sum"),
  );
  return found?.value ?? 0;
}

describe("metrics through the in-process server", () => {
  let metrics: ProviderMetrics;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    metrics = await createProviderMetrics();
    server = await startTestServer(provider, { metrics });
  });
  afterAll(async () => server.close());

  const apply = (prior: cty.CtyValue, planned: cty.CtyValue) =>
    server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(prior, T),
      plannedState: dv(planned, T),
      config: dv(planned === null ? null : { name: (planned as { name: string }).name, id: null }, T),
    });

  it("counts RPCs, their errors and durations, per RPC", async () => {
    await server.call("getProviderSchema", {});
    await server.call("getProviderSchema", {});
    await server.call("configureProvider", { config: dv({}, provider.configType) });
    await server.call("readResource", { typeName: "test_nope" });
    expect(await value(metrics, "tsvider_rpc_requests_total", { rpc: "GetProviderSchema" })).toBe(2);
    expect(await value(metrics, "tsvider_rpc_errors_total", { rpc: "GetProviderSchema" })).toBe(0);
    expect(await value(metrics, "tsvider_rpc_errors_total", { rpc: "ReadResource" })).toBe(1);
    expect(await value(metrics, "tsvider_schema_builds_total")).toBe(2);
    expect(await value(metrics, "tsvider_provider_configures_total")).toBe(1);
    expect(await value(metrics, "tsvider_provider_configure_errors_total")).toBe(0);
    const text = await metrics.text();
    expect(text).toMatch(/^tsvider_rpc_duration_seconds_count\{rpc="GetProviderSchema"\} 2$/m);
    expect(text).toMatch(/^tsvider_rpc_duration_seconds_bucket\{le="\+Inf",rpc="GetProviderSchema"\} 2$/m);
  });

  it("counts resource operations and their errors by type and operation", async () => {
    await apply(null, { name: "a", id: cty.Unknown });
    await apply(null, { name: "fail", id: cty.Unknown });
    await apply({ name: "a", id: "1" }, { name: "b", id: "1" });
    await apply({ name: "b", id: "1" }, null);
    await server.call("readResource", {
      typeName: "test_thing",
      currentState: dv({ name: "b", id: "1" }, T),
    });
    const ops = (operation: string) =>
      value(metrics, "tsvider_resource_operations_total", { type: "test_thing", operation });
    const errs = (operation: string) =>
      value(metrics, "tsvider_resource_operation_errors_total", { type: "test_thing", operation });
    expect([await ops("create"), await ops("update"), await ops("delete"), await ops("read")]).toEqual([
      2, 1, 1, 1,
    ]);
    expect([await errs("create"), await errs("update")]).toEqual([1, 0]);
    expect(await value(metrics, "tsvider_rpc_errors_total", { rpc: "ApplyResourceChange" })).toBe(1);
  });

  it("counts data source reads", async () => {
    await server.call("readDataSource", {
      typeName: "test_lookup",
      config: dv({ name: "x" }, lookup.valueType),
    });
    expect(await value(metrics, "tsvider_data_source_reads_total", { type: "test_lookup" })).toBe(1);
    expect(await value(metrics, "tsvider_data_source_read_errors_total", { type: "test_lookup" })).toBe(0);
  });

  it("has the counters of features still to come, and nothing in prom-client's global registry", async () => {
    const text = await metrics.text();
    for (const name of [
      "tsvider_function_calls_total",
      "tsvider_function_call_errors_total",
      "tsvider_ephemeral_operations_total",
      "tsvider_ephemeral_operation_errors_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} counter`);
    }
    metrics.functionCall("f", true);
    metrics.ephemeralOperation("test_token", "open", false);
    expect(await value(metrics, "tsvider_function_call_errors_total", { function: "f" })).toBe(1);
    expect(await value(metrics, "tsvider_ephemeral_operations_total", { operation: "open" })).toBe(1);
    const prom = await import("prom-client");
    expect(await prom.register.metrics()).not.toContain("tsvider_");
  });
});

describe("settings", () => {
  it("come from TSVIDER_METRICS_FILE and TSVIDER_METRICS_PORT; neither means none", () => {
    expect(metricsSettings({})).toBeUndefined();
    expect(metricsSettings({ TSVIDER_METRICS_FILE: " /tmp/m.prom " })).toEqual({ file: "/tmp/m.prom" });
    expect(metricsSettings({ TSVIDER_METRICS_PORT: "9464" })).toEqual({ port: 9464 });
  });

  it("leave out a port that is not one, with a warning, rather than stop the provider", () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m) } as never;
    expect(metricsSettings({ TSVIDER_METRICS_PORT: "http" }, log)).toBeUndefined();
    expect(metricsSettings({ TSVIDER_METRICS_PORT: "70000", TSVIDER_METRICS_FILE: "f" }, log)).toEqual({
      file: "f",
    });
    expect(warnings).toHaveLength(2);
  });

  it("give each process its own file with {pid}", () => {
    expect(metricsFilePath("/tmp/tsvider-{pid}.prom", 42)).toBe("/tmp/tsvider-42.prom");
  });

  it("recording without them costs nothing: the no-op records nothing", () => {
    expect(() => noMetrics.rpc("X", 1, true)).not.toThrow();
  });
});

describe("the loopback endpoint", () => {
  it("serves /metrics on 127.0.0.1 until closed, and nothing else", async () => {
    const metrics = await createProviderMetrics();
    metrics.configure(false);
    const exported = await startMetricsExport(metrics, { port: 0 });
    const url = `http://127.0.0.1:${exported.port}`;
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(await res.text()).toMatch(/^tsvider_provider_configures_total 1$/m);
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: "POST" })).status).toBe(405);
    await exported.close();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });

  it("a port already taken is a warning, never a crash", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args), debug: () => {} } as never;
    const exported = await startMetricsExport(await createProviderMetrics(), { port }, log);
    expect(exported.port).toBeUndefined();
    expect(JSON.stringify(warnings)).toContain("EADDRINUSE");
    await exported.close();
    taken.close();
  });
});

describe("serve writes the file when the host shuts the provider down", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "tsvider-metrics-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("after Shutdown, as the host sends it, with what the process served", async () => {
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((resolve) => {
      exited = resolve;
    });
    const plugin = await serve(provider, {
      env: {
        [terraformMagicCookie.key]: terraformMagicCookie.value,
        PLUGIN_PROTOCOL_VERSIONS: "6",
        TSVIDER_METRICS_FILE: join(dir, "sub", "metrics-{pid}.prom"),
        TSVIDER_METRICS_PORT: "0",
      },
      writeHandshake: () => {},
      exit: (code) => exited(code),
    });
    expect(plugin.metricsPort).toBeGreaterThan(0);
    const client = new grpc.Client(`unix://${plugin.address}`, grpc.credentials.createInsecure());
    const call = (path: string) =>
      new Promise<void>((resolve, reject) =>
        client.makeUnaryRequest(
          path,
          (b: Buffer) => b,
          (b: Buffer) => b,
          Buffer.alloc(0),
          (err) => (err ? reject(err) : resolve()),
        ),
      );
    await call("/tfplugin6.Provider/GetProviderSchema");
    const live = await (await fetch(`http://127.0.0.1:${plugin.metricsPort}/metrics`)).text();
    expect(live).toMatch(/^tsvider_rpc_requests_total\{rpc="GetProviderSchema"\} 1$/m);

    await call("/plugin.GRPCController/Shutdown");
    expect(await exit).toBe(0);
    client.close();
    const written = await readFile(join(dir, "sub", `metrics-${process.pid}.prom`), "utf8");
    expect(written).toMatch(/^tsvider_rpc_requests_total\{rpc="GetProviderSchema"\} 1$/m);
    expect(written).toMatch(/^# TYPE tsvider_rpc_duration_seconds histogram$/m);
    // The endpoint closed with the process.
    await expect(fetch(`http://127.0.0.1:${plugin.metricsPort}/metrics`)).rejects.toThrow();
  });
});
