// Checks of what provider::tsvider::hcl_decode returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.replicas, 6, "an argument, evaluated");
  assert.deepEqual(outputs.team, "ops", "an object constructor");
  assert.deepEqual(outputs.https_port, 443, "a block under its type and label");
  assert.deepEqual(
    outputs.decoded,
    { name: "web", replicas: 6, tags: { team: "ops" }, listener: { https: { port: 443 } } },
    "the whole value",
  );
}
