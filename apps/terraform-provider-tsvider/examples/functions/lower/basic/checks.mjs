// Checks of what provider::tsvider::lower returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.lower, "hello world", "every letter lowercased");
  assert.deepEqual(outputs.mixed, "école 42", "accented capitals too");
}
