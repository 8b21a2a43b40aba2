// Checks of what provider::tsvider::to_snake_case returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.keys, ["user_id", "created_at", "is_active", "http2_enabled"], "each field");
  assert.deepEqual(outputs.round_trip, "max_retry_count", "undoes to_camel_case");
}
