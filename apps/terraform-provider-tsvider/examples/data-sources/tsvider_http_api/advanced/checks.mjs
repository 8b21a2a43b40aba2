// A loopback API for the example (started before init, stopped at the end): it checks the
// token and headers the provider sends and fails every other /flaky request, so the outputs
// prove the provider's api_* settings took effect.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const token = "example-token-7f3a";
const counts = new Map();

function answer(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function before() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      counts.set(path, (counts.get(path) ?? 0) + 1);
      if (req.headers.authorization !== `Bearer ${token}`) return answer(res, 401, { error: "no token" });
      if (path === "/api/v1/whoami" && req.method === "GET")
        return answer(res, 200, { user: "terraform", team: req.headers["x-team"] });
      if (path === "/api/v1/items" && req.method === "POST") {
        const item = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        return answer(res, 201, { id: `item-${item.name}-${item.count}`, team: req.headers["x-team"] });
      }
      if (path === "/api/v1/flaky")
        return counts.get(path) % 2 === 1
          ? answer(res, 503, { error: "busy" })
          : answer(res, 200, { ok: true });
      return answer(res, 404, { error: "not found" });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    env: { TF_VAR_base_url: `http://127.0.0.1:${server.address().port}`, TF_VAR_api_token: token },
    cleanup: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function afterApply({ dir, outputs, assert }) {
  assert.equal(outputs.user, "terraform", "the token reached the API (a request without it gets 401)");
  assert.deepEqual(
    outputs.created,
    { id: "item-widget-3", team: "checkout" },
    "POST sent the body, and the request's X-Team won over api_headers",
  );
  assert.equal(outputs.flaky_status, 200, "a 503 was retried");
  assert.ok(counts.get("/api/v1/flaky") >= 2, "the flaky endpoint was called more than once");
  assert.equal(outputs.missing_status, 404);
  assert.equal(outputs.missing_error, "HTTP 404 Not Found");
  assert.equal(outputs.header_count_positive, true);
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
  assert.equal(report.created_id, "item-widget-3", "the report on disk holds the answers");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "report.json")), false, "destroy removed the report");
}
