// Run by apps/conformance-runner (src/examples.test.ts runs it): quoted only where PostgreSQL
// needs it, a capital and a space, and a reserved keyword.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.quoted, ["orders", '"Order Lines"', '"select"']);
}
