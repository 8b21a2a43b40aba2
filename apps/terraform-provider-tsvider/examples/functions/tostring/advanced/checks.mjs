// Checks of what provider::tsvider::tostring returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.huge, "12345678901234567890123", "no digit lost");
  assert.deepEqual(outputs.tiny, "0.0000001", "plain digits");
  assert.deepEqual(outputs.labels, ["cost_center=42", "team=ops"], "numbers and strings as text");
  assert.deepEqual(outputs.object, '{"cost_center":42,"team":"ops"}', "a collection through jsonencode");
}
