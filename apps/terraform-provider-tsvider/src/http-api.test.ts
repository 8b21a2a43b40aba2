// tsvider_http_api and the provider's api_* settings through the real tofu, against an HTTP
// server this test starts on loopback: the settings reaching the request, retries, and the
// failures an example cannot show (a refused connection, a timeout, a bad provider block) as
// the practitioner sees them, each pointing at its line of main.tf.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  initAttachedProject,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject).
afterEach(() => stopAttachedProviders());

let tofu: TofuSetup;
let server: Server;
let base: string;
let refusedUrl: string;
const sockets = new Set<Socket>();
const seen = new Map<string, number>();

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? "/";
  const n = (seen.get(path) ?? 0) + 1;
  seen.set(path, n);
  if (path === "/api/echo") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        authorized: req.headers.authorization === "Bearer t0ken-from-provider",
        team: req.headers["x-team"] ?? null,
      }),
    );
  } else if (path === "/busy-twice") {
    // 503 to the first two requests of every three: a read with two retries gets the 200.
    res.writeHead(n % 3 === 0 ? 200 : 503);
    res.end(n % 3 === 0 ? "ok" : "busy");
  } else if (path === "/slow") {
    // Never answers: the provider's timeout must end the request.
  } else {
    res.writeHead(404);
    res.end();
  }
}

beforeAll(async () => {
  tofu = await setUpTofu("tsvider-http-api-");
  server = createServer(handle);
  server.on("connection", (s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/status`;
  await new Promise<void>((r) => closed.close(() => r()));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server?.close(r));
  await tofu?.cleanup();
});
beforeEach(() => seen.clear());

describe("tsvider_http_api on the real tofu", () => {
  it("sends the provider's token and headers to its endpoint, and retries a busy server", async () => {
    const work = await initAttachedProject(
      tofu,
      "settings",
      `provider "tsvider" {
  api_endpoint = "${base}/api"
  api_token    = "t0ken-from-provider"
  api_retries  = 2
  api_headers  = { "X-Team" = "platform" }
}
data "tsvider_http_api" "echo" {
  url = "echo"
}
data "tsvider_http_api" "busy" {
  url = "${base}/busy-twice"
}
output "echo" {
  value = jsondecode(data.tsvider_http_api.echo.response_body)
}
output "busy" {
  value = data.tsvider_http_api.busy.status_code
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const out = JSON.parse((await work.run(["output", "-json"])).stdout) as Record<
      string,
      { value: unknown }
    >;
    expect(out.echo?.value).toEqual({ authorized: true, team: "platform" });
    expect(out.busy?.value).toBe(200);
    // One read in the apply's refresh/plan: three attempts (two 503s, then the 200).
    expect(seen.get("/busy-twice")).toBe(3);
    // The token is in neither the state nor the outputs: only the answer is.
    const state = (await work.run(["show", "-json"])).stdout;
    expect(state).not.toContain("t0ken-from-provider");
  });

  it("a refused connection fails the plan with a diagnostic at the url line", async () => {
    const work = await initAttachedProject(
      tofu,
      "refused",
      `provider "tsvider" {
  api_retries = 1
}
data "tsvider_http_api" "down" {
  url = "${refusedUrl}"
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain(`Error: HTTP request to "${refusedUrl}" could not connect (2 attempts)`);
    expect(res.stderr).toContain("with data.tsvider_http_api.down,");
    expect(res.stderr).toMatch(
      /on main\.tf line 10, in data "tsvider_http_api" "down":\s+10:\s+url = "http:\/\/127\.0\.0\.1/,
    );
    expect(res.stderr).toContain("ECONNREFUSED");
  });

  it("a server that never answers fails at the timeout line, after the time given", async () => {
    const work = await initAttachedProject(
      tofu,
      "timeout",
      `provider "tsvider" {
  api_retries = 0
}
data "tsvider_http_api" "slow" {
  url     = "${base}/slow"
  timeout = 0.5
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain(`Error: HTTP request to "${base}/slow" timed out after 0.5 s`);
    expect(res.stderr).toMatch(
      /on main\.tf line 11, in data "tsvider_http_api" "slow":\s+11:\s+timeout = 0\.5/,
    );
  });

  it("a bad provider setting is refused at its line of the provider block", async () => {
    const work = await initAttachedProject(
      tofu,
      "bad-provider",
      `provider "tsvider" {
  api_endpoint = "ftp://files.example.com"
  api_timeout  = 0
}
data "tsvider_provider_config_reader" "c" {}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toMatch(
      /on main\.tf line 7, in provider "tsvider":\s+7:\s+api_endpoint = "ftp:\/\/files\.example\.com"/,
    );
    expect(res.stderr).toMatch(/only http:\/\/ and https:\/\/ endpoints are\s+supported/);
    expect(res.stderr).toMatch(/on main\.tf line 8, in provider "tsvider":\s+8:\s+api_timeout\s+= 0/);
    expect(res.stderr).toContain("must be more than 0 seconds");
  });

  it("a bad method is refused at validation, at its line", async () => {
    const work = await initAttachedProject(
      tofu,
      "bad-method",
      `data "tsvider_http_api" "x" {
  url    = "${base}/api/echo"
  method = "FETCH"
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain('"FETCH" is not a method this data source sends');
    expect(res.stderr).toMatch(/on main\.tf line 8, in data "tsvider_http_api" "x":\s+8:\s+method = "FETCH"/);
    expect(seen.size).toBe(0);
  });
});

describe("tsvider_provider_config_reader and tsvider_env_variables on the real tofu", () => {
  it("the token and sensitive variables are masked in tofu's plan output", async () => {
    const work = await initAttachedProject(
      tofu,
      "masked",
      `provider "tsvider" {
  api_token = "plan-should-not-show-this"
}
data "tsvider_provider_config_reader" "c" {}
data "tsvider_env_variables" "e" {
  keys           = ["TSVIDER_TEST_SECRET", "TSVIDER_TEST_PLAIN"]
  sensitive_keys = ["TSVIDER_TEST_SECRET"]
}
output "token" {
  value     = data.tsvider_provider_config_reader.c.api_token
  sensitive = true
}
output "secret" {
  value     = data.tsvider_env_variables.e.sensitive_values
  sensitive = true
}
output "plain" {
  value = data.tsvider_env_variables.e.values
}
`,
      { TSVIDER_TEST_SECRET: "env-secret-value", TSVIDER_TEST_PLAIN: "visible" },
    );
    const plan = await work.run(["plan", "-no-color"]);
    expect(plan.stdout).not.toContain("plan-should-not-show-this");
    expect(plan.stdout).not.toContain("env-secret-value");
    expect(plan.stdout).toContain("(sensitive value)");
    expect(plan.stdout).toContain('TSVIDER_TEST_PLAIN = "visible"');
  });
});
