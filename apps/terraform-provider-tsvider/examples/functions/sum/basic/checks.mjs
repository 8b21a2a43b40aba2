// Checks of what provider::tsvider::sum returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.total, 60, "10 + 20 + 30");
  assert.deepEqual(outputs.single, 7, "a single number is its own sum");
  assert.deepEqual(outputs.decimals, true, "what Terraform's own sum gives");
}
