// A loopback HTTP server for the example to call (started before init, stopped at the end),
// and checks that the data source's outputs are the server's answer.
import { createServer } from "node:http";

let requests = 0;

export async function before() {
  const server = createServer((req, res) => {
    requests++;
    if (req.url === "/status" && req.method === "GET" && req.headers.accept === "application/json") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ service: "inventory", healthy: true }));
    } else {
      res.writeHead(400, { "Content-Type": "text/plain" });
      res.end(`unexpected request ${req.method} ${req.url}`);
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    env: { TF_VAR_base_url: `http://127.0.0.1:${server.address().port}` },
    cleanup: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function afterApply({ outputs, assert }) {
  assert.equal(outputs.method, "GET", "method shows the method sent when it is not set");
  assert.equal(outputs.status_code, 200, "status_code is the server's status");
  assert.equal(outputs.content_type, "application/json", "content_type is the server's Content-Type");
  assert.equal(outputs.service_name, "inventory", "response_body is the server's body");
  assert.equal(outputs.healthy, true, "no error_message for a 200 answer");
  assert.ok(requests >= 1, "the provider called the loopback server");
}
