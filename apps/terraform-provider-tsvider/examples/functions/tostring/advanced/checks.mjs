// Checks of what provider::tsvider::tostring returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.object, '{"cost_center":42,"team":"ops"}', "compact JSON, keys in order");
  assert.deepEqual(outputs.list, '["a",1,false]', "a tuple as JSON");
  assert.deepEqual(outputs.huge, "12345678901234567890123", "no digit lost");
}
