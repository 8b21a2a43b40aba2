// Checks of what provider::tsvider::replace returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.replaced, "hell0 w0rld", "every o");
  assert.deepEqual(outputs.plain_text, "a/b/c", "the search is plain text, not a pattern");
}
