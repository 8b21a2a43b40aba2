// Checks of what provider::tsvider::tostring returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.number, "42", "a number");
  assert.deepEqual(outputs.bool, "true", "a bool");
  assert.deepEqual(outputs.decimal, "0.1", "a decimal, every digit");
}
