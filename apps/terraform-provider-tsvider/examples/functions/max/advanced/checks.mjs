// Checks of what provider::tsvider::max returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.largest, 1000, "the largest volume");
  assert.deepEqual(outputs.share, 54.1, "its percentage of 1850");
  assert.deepEqual(outputs.big, true, "2^64 compares exactly");
}
