// Checks of what provider::tsvider::upper returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.upper, "HELLO WORLD", "every letter uppercased");
  assert.deepEqual(outputs.unicode, "STRA\u00dfE", "\u00df stays, as in Terraform's upper");
}
