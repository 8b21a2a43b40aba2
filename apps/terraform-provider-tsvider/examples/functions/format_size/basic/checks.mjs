// Checks of what provider::tsvider::format_size returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.default, "10.0 KB", "one decimal by default");
  assert.deepEqual(outputs.precise, "117.74 MB", "two decimals");
  assert.deepEqual(outputs.bytes, "512 B", "bytes are whole");
}
