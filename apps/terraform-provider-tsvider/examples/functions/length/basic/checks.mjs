// Checks of what provider::tsvider::length returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.list, 3, "three elements");
  assert.deepEqual(outputs.map, 2, "two entries");
  assert.deepEqual(outputs.string, 5, "five characters");
  assert.deepEqual(outputs.emoji, 2, "an emoji with a skin tone is one character");
}
