// Sensitive and write-only values never reach a log line: masked where values are rendered,
// and searched for in every line an RPC writes (an author's error quoting a password).

import * as cty from "@tsvider/cty";
import { Decimal, Dynamic, Unknown } from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { t } from "../schema/types.js";
import { MASK, redact, rememberSecrets, renderForLog, secretStrings, withLogScope } from "./log-values.js";
import { dv, startTestServer } from "./test-server.test-support.js";

const schema = {
  name: attr.string({ required: true }),
  password: attr.string({ optional: true, sensitive: true }),
  token: attr.string({ optional: true, writeOnly: true }),
  keys: attr.map(t.string, { optional: true, sensitive: true }),
  disk: attr.singleNested(
    { size: attr.number({ required: true }), secret: attr.string({ optional: true, sensitive: true }) },
    { optional: true },
  ),
  rule: block.list({
    port: attr.int64({ required: true }),
    pin: attr.string({ optional: true, sensitive: true }),
  }),
};

describe("renderForLog", () => {
  it("masks sensitive and write-only attributes at every depth, and nothing else", () => {
    const value = {
      name: "web",
      password: "hunter22",
      token: "tok-123456",
      keys: { a: "k1" },
      disk: { size: new Decimal("0.1"), secret: "s3cr3t" },
      rule: [
        { port: 22, pin: "1234" },
        { port: 2n ** 62n, pin: null },
      ],
    };
    expect(renderForLog(schema, value)).toEqual({
      name: "web",
      password: MASK,
      token: MASK,
      keys: MASK,
      disk: { size: "0.1", secret: MASK },
      rule: [
        { port: 22, pin: MASK },
        { port: "4611686018427387904", pin: null },
      ],
    });
  });

  it("shows null as null and unknown as unknown, dynamic values by their content", () => {
    expect(renderForLog(schema, { name: Unknown, password: null, disk: Unknown })).toEqual({
      name: "(unknown)",
      password: null,
      disk: "(unknown)",
    });
    expect(
      renderForLog({ any: attr.dynamic({ optional: true }) }, { any: new Dynamic(cty.string, "x") }),
    ).toEqual({
      any: "x",
    });
  });
});

describe("secretStrings and redact", () => {
  it("collect every string inside secret attributes", () => {
    const found = secretStrings(schema, {
      name: "web",
      password: "hunter22",
      token: null,
      keys: { a: "k1", b: "long-key" },
      disk: { size: 1, secret: "s3cr3t" },
      rule: [{ port: 22, pin: "1234" }],
    });
    expect([...found].sort()).toEqual(["1234", "hunter22", "k1", "long-key", "s3cr3t"]);
  });

  it("masks secrets of four characters or more, the longest first", () => {
    expect(redact("login hunter22 failed (k1)", ["hunter22", "hunter", "k1"])).toBe(
      `login ${MASK} failed (k1)`,
    );
  });

  it("uses the secrets remembered in the current scope, and only there", async () => {
    await withLogScope(async () => {
      rememberSecrets(schema, { name: "web", password: "hunter22" });
      await Promise.resolve();
      expect(redact("pw=hunter22")).toBe(`pw=${MASK}`);
    });
    withLogScope(() => expect(redact("pw=hunter22")).toBe("pw=hunter22"));
    expect(redact("pw=hunter22")).toBe("pw=hunter22");
  });
});

describe("the provider's log lines", () => {
  const lines: string[] = [];
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const login = defineResource({
    typeName: "test_login",
    schema,
    async create({ config }) {
      throw new Error(`login as ${config.name} with ${config.password} and ${config.token} was refused`);
    },
    async read({ state }) {
      return state;
    },
    async update({ plan }) {
      return plan;
    },
    async delete() {},
  });
  const provider = defineProvider({ name: "test", version: "1", resources: [login] });
  const T = login.valueType;

  beforeAll(async () => {
    // The logger reads the level on first use, which comes after this (vitest: own modules,
    // so that this file is that first use).
    process.env.TF_LOG_PROVIDER = "trace";
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array) => {
      const text = String(chunk);
      if (!text.includes('"@module":"provider"')) return write(chunk);
      lines.push(text);
      return true;
    }) as typeof process.stderr.write);
    server = await startTestServer(provider);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    delete process.env.TF_LOG_PROVIDER;
    await server.close();
  });

  const config = {
    name: "alice",
    password: "hunter22",
    token: "tok-123456",
    keys: null,
    disk: null,
    rule: [{ port: 22, pin: "9876" }],
  };

  it("mask an author's error that quotes a sensitive or write-only value", async () => {
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_login",
      priorState: dv(null, T),
      plannedState: dv({ ...config, token: null }, T),
      config: dv(config, T),
    });
    expect(res.diagnostics[0]!.summary).toBe("Could not create test_login");
    // The diagnostic quotes the exception, masked too.
    expect(res.diagnostics[0]!.detail).toContain(`with ${MASK} and ${MASK} was refused`);
    const all = lines.join("");
    expect(all).toContain("test_login create threw");
    expect(all).toContain(`login as alice with ${MASK} and ${MASK} was refused`);
    expect(all).not.toContain("hunter22");
    expect(all).not.toContain("tok-123456");
  });

  it("say at debug level which resource operation ran, and show only the result's shape at trace", async () => {
    lines.length = 0;
    const state = { ...config, token: null };
    await server.call("readResource", { typeName: "test_login", currentState: dv(state, T) });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const started = entries.find((e) => e["@message"] === "resource read started");
    expect(started).toMatchObject({ "@level": "debug", tf_resource_type: "test_login", operation: "read" });
    const finished = entries.find((e) => e["@message"] === "resource read finished");
    expect(finished).toMatchObject({ "@level": "debug", tf_resource_type: "test_login", errors: 0 });
    const result = entries.find((e) => e["@message"] === "resource read result");
    // "alice" could have come from a sensitive variable: the provider cannot tell, so no value.
    expect(result).toMatchObject({
      "@level": "trace",
      value: { name: "(string)", password: "(string)", token: null, rule: "(1 element)" },
    });
    expect(lines.join("")).not.toContain("alice");
    expect(lines.join("")).not.toContain("hunter22");
  });

  it("show the result's values, the schema's secrets masked, only with TSVIDER_LOG_VALUES=1", async () => {
    lines.length = 0;
    process.env.TSVIDER_LOG_VALUES = "1";
    try {
      await server.call("readResource", {
        typeName: "test_login",
        currentState: dv({ ...config, token: null }, T),
      });
    } finally {
      delete process.env.TSVIDER_LOG_VALUES;
    }
    const result = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e["@message"] === "resource read result");
    expect(result).toMatchObject({
      "@level": "trace",
      value: { name: "alice", password: MASK, token: null, rule: [{ port: 22, pin: MASK }] },
    });
    expect(lines.join("")).not.toContain("hunter22");
    expect(lines.join("")).not.toContain("9876");
  });
});
