// Checks of what provider::tsvider::format returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.display, "John Doe", "capitalized names");
  assert.deepEqual(outputs.url, "https://doe.example.com:8443/doe", "a value used twice");
  assert.deepEqual(outputs.braces, '{"enabled": true}', "{{ and }} are literal braces");
}
