// ctx.log: every handler gets the provider's logger named by its component, over a real gRPC
// socket, with the secrets of the operation's values masked in what the author writes.
import { Unknown } from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defineDataSource } from "./data-source.js";
import { MASK } from "./internal/log-values.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

const account = defineResource({
  typeName: "test_account",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    password: attr.string({ required: true, sensitive: true }),
  },
  async create({ plan, log }) {
    log.info("creating account", { name: plan.name, password: plan.password });
    log.debug(`logging in as ${plan.name} with ${plan.password}`);
    return { ...plan, id: "acc-1" } as never;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan as never;
  },
  async delete() {},
});
const region = defineDataSource({
  typeName: "test_region",
  schema: { name: attr.string({ required: true }) },
  async read({ config, log }) {
    log.warn("region looked up", { region: config.name });
    return config;
  },
});
const provider = defineProvider({
  name: "test",
  version: "1",
  schema: { endpoint: attr.string({ optional: true }) },
  configure({ log, config }) {
    log.info("configured", { endpoint: config.endpoint });
  },
  resources: [account],
  dataSources: [region],
});

type Entry = Record<string, unknown>;
const lines: Entry[] = [];
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  // The logger reads the level on first use, which comes after this (vitest: own modules,
  // so that this file is that first use).
  process.env.TF_LOG_PROVIDER = "debug";
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (!text.includes('"@module":"provider')) return write(chunk);
    lines.push(JSON.parse(text) as Entry);
    return true;
  }) as typeof process.stderr.write);
  server = await startTestServer(provider);
});
afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.TF_LOG_PROVIDER;
  await server.close();
});

const find = (message: string) => lines.find((l) => l["@message"] === message);

describe("ctx.log", () => {
  it("is named by the resource type and masks the operation's secrets, in messages and fields", async () => {
    const T = account.valueType;
    const values = { id: null, name: "alice", password: "hunter22" };
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_account",
      priorState: dv(null, T),
      plannedState: dv({ ...values, id: Unknown }, T),
      config: dv(values, T),
    });
    expect(res.diagnostics.map((d) => d.summary)).toEqual([]);
    expect(find("creating account")).toMatchObject({
      "@module": "provider.test_account",
      "@level": "info",
      name: "alice",
      password: MASK,
    });
    expect(find(`logging in as alice with ${MASK}`)).toMatchObject({ "@level": "debug" });
    expect(JSON.stringify(lines)).not.toContain("hunter22");
  });

  it("is named by the data source type in a data source's read", async () => {
    await server.call("readDataSource", {
      typeName: "test_region",
      config: dv({ name: "eu" }, region.valueType),
    });
    expect(find("region looked up")).toMatchObject({ "@module": "provider.test_region", region: "eu" });
  });

  it("is named by the provider in configure", async () => {
    await server.call("configureProvider", { config: dv({ endpoint: "https://x" }, provider.configType) });
    expect(find("configured")).toMatchObject({ "@module": "provider.test", endpoint: "https://x" });
  });
});
