// Checks of the values computed from the nested blocks, run by the conformance runner.
import { createHash } from "node:crypto";

export function afterApply({ outputs, assert }) {
  assert.deepEqual(
    outputs.processed_data,
    { region: "eu-west-1", replicas: 3 },
    "configuration echoed as given",
  );
  assert.deepEqual(outputs.summary, { block_count: 2, services: ["http", "https"], ssl_count: 1 });
  assert.deepEqual(
    outputs.addresses,
    ["http://http:80", "https://https:443"],
    "each block's address, in order",
  );
  const hash = createHash("sha256").update("api-gateway").digest("hex").slice(0, 12);
  assert.equal(outputs.resource_id, `nested-${hash}`);
}
