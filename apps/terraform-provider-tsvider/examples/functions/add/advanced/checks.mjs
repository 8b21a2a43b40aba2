// Checks of what provider::tsvider::add returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.subtotal, 15.5, "12.10 + 3.35 + 0.05 is exactly 15.5");
  assert.deepEqual(outputs.total, 18.6, "15.5 plus 20% tax");
  assert.deepEqual(outputs.big, true, "integers past 2^53 stay exact");
  assert.deepEqual(outputs.with_null, true, "a null operand gives null");
}
