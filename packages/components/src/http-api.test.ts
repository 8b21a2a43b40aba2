// tsvider_http_api through the test kit against HTTP(S) servers this test starts on loopback:
// answers, the provider's API settings (endpoint, token, headers, timeout, retries, TLS
// verification), failures as diagnostics naming the attribute, and bad input.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { createServerCertificate } from "@tsvider/rpcplugin";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { httpApiDataSource } from "./http-api.js";
import { apiProviderSchema, apiSettings } from "./provider-config.js";

const TYPE = "tsvider_http_api";
const kit = async (providerConfig: Record<string, unknown> = {}) => {
  const k = testProvider(
    defineProvider({
      name: "tsvider",
      version: "0.0.0",
      schema: apiProviderSchema,
      configure: ({ config }) => apiSettings(config),
      dataSources: [httpApiDataSource()],
    }),
  );
  expect((await k.configure(providerConfig)).diagnostics).toEqual([]);
  return k;
};

// Requests seen per path, so retries can be counted.
const seen = new Map<string, number>();
let flakyFailures = 0;
const openSockets = new Set<import("node:net").Socket>();

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  seen.set(path, (seen.get(path) ?? 0) + 1);
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (path === "/json") {
      res.writeHead(200, { "Content-Type": "application/json", "X-Served-By": "test" });
      res.end(JSON.stringify({ hello: "world" }));
    } else if (path.endsWith("/echo")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ method: req.method, path, headers: req.headers, body }));
    } else if (path === "/missing") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("no such thing");
    } else if (path === "/flaky") {
      const n = seen.get(path) ?? 0;
      res.writeHead(n <= flakyFailures ? 503 : 200);
      res.end(n <= flakyFailures ? "busy" : "ok now");
    } else if (path === "/moved") {
      res.writeHead(302, { Location: "/json" });
      res.end();
    } else if (path === "/slow") {
      // Never answers; the socket is closed when the server stops.
    } else {
      res.writeHead(500);
      res.end("unexpected path");
    }
  });
}

let server: Server;
let tlsServer: Server;
let base: string;
let tlsBase: string;
let refusedUrl: string;

beforeAll(async () => {
  server = createServer(handle);
  server.on("connection", (s) => openSockets.add(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cert = createServerCertificate();
  tlsServer = createHttpsServer({ cert: cert.certificatePem, key: cert.privateKeyPem }, handle);
  tlsServer.on("connection", (s) => openSockets.add(s));
  await new Promise<void>((r) => tlsServer.listen(0, "127.0.0.1", r));
  tlsBase = `https://localhost:${(tlsServer.address() as AddressInfo).port}`;
  // A port that was listening a moment ago and is closed now: connecting is refused.
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
  await new Promise<void>((r) => closed.close(() => r()));
});
afterAll(async () => {
  for (const s of openSockets) s.destroy();
  await Promise.all([server, tlsServer].map((s) => new Promise((r) => s.close(r))));
});
beforeEach(() => {
  seen.clear();
  flakyFailures = 0;
});

type State = Record<string, unknown>;
const echoed = (state: State | null) =>
  JSON.parse(state?.response_body as string) as {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string;
  };

describe("httpApiDataSource", () => {
  it("GETs a URL: status, body, headers, content type and timing", async () => {
    const k = await kit();
    const { state, diagnostics } = await k.readDataSource(TYPE, { url: `${base}/json` });
    expect(diagnostics).toEqual([]);
    expect(state).toMatchObject({
      url: `${base}/json`,
      // Unset, the state shows the method sent.
      method: "GET",
      status_code: 200,
      response_body: '{"hello":"world"}',
      content_type: "application/json",
      error_message: null,
    });
    expect((state!.response_headers as Record<string, string>)["x-served-by"]).toBe("test");
    expect(state?.header_count).toBe(Object.keys(state!.response_headers as object).length);
    expect(state?.response_time_ms).toBeGreaterThanOrEqual(0);
  });

  it("sends the method, headers and body configured", async () => {
    const k = await kit();
    const { state } = await k.readDataSource(TYPE, {
      url: `${base}/echo`,
      method: "post",
      headers: { "Content-Type": "application/json", "X-Request": "1" },
      body: '{"name":"web"}',
    });
    const got = echoed(state);
    expect(got.method).toBe("POST");
    // As configured: a configured value comes back unchanged.
    expect(state?.method).toBe("post");
    expect(got.body).toBe('{"name":"web"}');
    expect(got.headers["x-request"]).toBe("1");
    expect(got.headers["content-type"]).toBe("application/json");
  });

  it("an error status is an answer, with error_message, not a failure", async () => {
    const k = await kit();
    const { state, diagnostics } = await k.readDataSource(TYPE, { url: `${base}/missing` });
    expect(diagnostics).toEqual([]);
    expect(state).toMatchObject({
      status_code: 404,
      response_body: "no such thing",
      error_message: "HTTP 404 Not Found",
    });
    expect(seen.get("/missing")).toBe(1);
  });

  it("a path goes under api_endpoint, with the token and api_headers; the request's own headers win", async () => {
    const k = await kit({
      api_endpoint: `${base}/v1/`,
      api_token: "t0ken-value",
      api_headers: { "X-Team": "infra", "X-Override": "provider" },
    });
    const { state } = await k.readDataSource(TYPE, { url: "/echo", headers: { "x-override": "request" } });
    const got = echoed(state);
    expect(got.path).toBe("/v1/echo");
    expect(got.headers.authorization).toBe("Bearer t0ken-value");
    expect(got.headers["x-team"]).toBe("infra");
    expect(got.headers["x-override"]).toBe("request");
  });

  it("does not follow a redirect: the 3xx is the answer", async () => {
    const k = await kit();
    const { state } = await k.readDataSource(TYPE, { url: `${base}/moved` });
    expect(state?.status_code).toBe(302);
    expect((state!.response_headers as Record<string, string>).location).toBe("/json");
    expect(seen.get("/json")).toBeUndefined();
  });

  it("the token and api_headers never go to another origin than api_endpoint", async () => {
    const k = await kit({
      api_endpoint: "http://api.invalid",
      api_token: "t0ken-value",
      api_headers: { "X-Team": "infra" },
    });
    const { state } = await k.readDataSource(TYPE, { url: `${base}/echo` });
    const got = echoed(state);
    expect(got.headers.authorization).toBeUndefined();
    expect(got.headers["x-team"]).toBeUndefined();
  });

  it("retries 503 answers up to api_retries times", async () => {
    flakyFailures = 2;
    const k = await kit({ api_retries: 3 });
    const { state } = await k.readDataSource(TYPE, { url: `${base}/flaky` });
    expect(state).toMatchObject({ status_code: 200, response_body: "ok now" });
    expect(seen.get("/flaky")).toBe(3);
  });

  it("with retries used up, the last answer stands", async () => {
    flakyFailures = 5;
    const k = await kit({ api_retries: 1 });
    const { state, diagnostics } = await k.readDataSource(TYPE, { url: `${base}/flaky` });
    expect(diagnostics).toEqual([]);
    expect(state).toMatchObject({ status_code: 503, error_message: "HTTP 503 Service Unavailable" });
    expect(seen.get("/flaky")).toBe(2);
  });

  it("a refused connection is an error at url, after the retries", async () => {
    const k = await kit({ api_retries: 1 });
    const { state, diagnostics } = await k.readDataSource(TYPE, { url: refusedUrl });
    expect(state).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: "error",
      summary: `HTTP request to "${refusedUrl}" could not connect (2 attempts)`,
      path: [{ attribute: "url" }],
    });
    expect(diagnostics[0]?.detail).toContain("ECONNREFUSED");
  });

  it("a server that does not answer in time: at timeout when the data source set it", async () => {
    const k = await kit({ api_retries: 0 });
    const { diagnostics } = await k.readDataSource(TYPE, { url: `${base}/slow`, timeout: 0.2 });
    expect(diagnostics[0]).toMatchObject({
      summary: `HTTP request to "${base}/slow" timed out after 0.2 s`,
      path: [{ attribute: "timeout" }],
    });
  });

  it("a server that does not answer within api_timeout: at url, retried", async () => {
    const k = await kit({ api_timeout: 0.2, api_retries: 1 });
    const { diagnostics } = await k.readDataSource(TYPE, { url: `${base}/slow` });
    expect(diagnostics[0]).toMatchObject({
      summary: `HTTP request to "${base}/slow" timed out after 0.2 s (2 attempts)`,
      path: [{ attribute: "url" }],
    });
    expect(diagnostics[0]?.detail).toContain("api_timeout");
    expect(seen.get("/slow")).toBe(2);
  });

  it("refuses a self-signed certificate unless api_insecure_skip_verify is set", async () => {
    const strict = await kit({ api_retries: 0 });
    const refused = await strict.readDataSource(TYPE, { url: `${tlsBase}/json` });
    expect(refused.diagnostics[0]).toMatchObject({ path: [{ attribute: "url" }] });
    expect(refused.diagnostics[0]?.summary).toContain("the TLS certificate was not accepted");
    expect(refused.diagnostics[0]?.detail).toContain("api_insecure_skip_verify");
    const lax = await kit({ api_insecure_skip_verify: true });
    const { state, diagnostics } = await lax.readDataSource(TYPE, { url: `${tlsBase}/json` });
    expect(diagnostics).toEqual([]);
    expect(state?.status_code).toBe(200);
  });

  it("a path without api_endpoint is an error at url", async () => {
    const k = await kit();
    const { diagnostics } = await k.readDataSource(TYPE, { url: "/echo" });
    expect(diagnostics[0]).toMatchObject({
      summary: 'url "/echo" is not an absolute URL',
      path: [{ attribute: "url" }],
    });
  });

  it("works without API settings in the provider data, with the defaults", async () => {
    const k = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", dataSources: [httpApiDataSource()] }),
    );
    const { state } = await k.readDataSource(TYPE, { url: `${base}/json` });
    expect(state?.status_code).toBe(200);
  });

  it.each([
    [{ url: "" }, "url", /must not be empty/],
    [{ url: "ftp://example.com/x" }, "url", /uses ftp: only http/],
    [{ url: "http://[bad" }, "url", /is not a valid URL/],
    [{ url: "http://x", method: "FETCH" }, "method", /"FETCH" is not a method/],
    [{ url: "http://x", timeout: 0 }, "timeout", /more than 0/],
    [{ url: "http://x", timeout: 301 }, "timeout", /at most 300/],
    [{ url: "http://x", headers: { "a b": "c" } }, "headers", /not a valid header name/],
  ])("refuses %j at %s", async (config, attribute, message) => {
    const k = await kit();
    const { diagnostics } = await k.validate(TYPE, config);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute }] });
    expect(`${diagnostics[0]?.summary} ${diagnostics[0]?.detail}`).toMatch(message);
  });
});
