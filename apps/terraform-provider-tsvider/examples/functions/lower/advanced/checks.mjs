// Checks of what provider::tsvider::lower returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(
    outputs.normalized,
    ["john.doe@example.com", "jane.smith@example.com", "bob.jones@example.com"],
    "spaces gone, underscores as dots, lowercase",
  );
}
