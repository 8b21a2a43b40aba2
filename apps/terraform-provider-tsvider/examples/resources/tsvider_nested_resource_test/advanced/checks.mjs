// Checks of the values computed from generated blocks, run by the conformance runner.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(outputs.summary, { block_count: 3, services: ["web", "api", "metrics"], ssl_count: 1 });
  assert.equal(outputs.replicas, 3, "processed_data keeps the configuration's nested values and types");
  assert.equal(
    readFileSync(join(dir, "out", "upstreams.txt"), "utf8"),
    "tcp://web:8080\nhttps://api:8443\ntcp://metrics:9090",
    "addresses default the protocol to tcp",
  );
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "upstreams.txt")), false);
}
