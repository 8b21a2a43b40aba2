// Checks of what provider::tsvider::hcl_decode returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.version, "1.5.0", "a template");
  assert.deepEqual(outputs.ratio, 0.3, "arithmetic at 512 bits");
  assert.deepEqual(outputs.owners, ["alice", "bob", "carol"], "a standard function");
  assert.deepEqual(outputs.replicas, { api: 3, worker: 1 }, "labelled blocks keyed by label");
  assert.deepEqual(outputs.api_ports, ["https/443", "http/8080"], "repeated blocks as a tuple");
  assert.deepEqual(outputs.cpu_thresholds, { high: 90, low: 5 }, "two labels, two levels of keys");
}
