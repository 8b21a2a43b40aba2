// Checks of what provider::tsvider::truncate returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.more, "Advanced [more]", "with a suffix of our own");
  assert.deepEqual(outputs.one_word, "Supercali…", "no space to cut at: cut mid-word");
  assert.deepEqual(outputs.default_length, 97, "cut at the last space before 97 characters, then the suffix");
}
