// Checks of what provider::tsvider::pluralize returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.files, ["0 files", "1 file", "5 files"], "counts in a sentence");
  assert.deepEqual(outputs.rules, ["boxes", "policies", "keys"], "English endings");
  assert.deepEqual(outputs.children, "3 children", "an irregular plural");
}
