// Checks of what provider::tsvider::split returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.parts, ["name", "email", "role"], "three fields");
  assert.deepEqual(outputs.empty, [""], "an empty string is one empty part");
  assert.deepEqual(outputs.no_match, ["one"], "no delimiter: one part");
  assert.deepEqual(outputs.characters, ["a", "b", "c"], "an empty delimiter: one part per character");
}
