// Checks of what provider::tsvider::truncate returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.short, "This is a very long...", "cut at the last space before 27 characters");
  assert.deepEqual(outputs.fits, "Short text", "text that fits is unchanged");
}
