// Checks of what provider::tsvider::format returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.display, "John Doe", "capitalized names");
  assert.deepEqual(outputs.url, "https://doe.example.com:8443/doe", "a value used twice");
  assert.deepEqual(outputs.braces, '{"enabled": true}', "other braces are literal");
  assert.deepEqual(
    outputs.printf,
    "doe listens on port 8443 (12.3% busy)",
    "printf verbs, as Terraform's format",
  );
}
