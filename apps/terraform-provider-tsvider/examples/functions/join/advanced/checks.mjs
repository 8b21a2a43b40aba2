// Checks of what provider::tsvider::join returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.username, "john.doe", "lowercased and dotted");
  assert.deepEqual(outputs.path, "srv/app/releases/42", "a path");
  assert.deepEqual(outputs.round_trip, "a,b,,c", "join undoes split");
}
