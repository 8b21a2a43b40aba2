// Run by apps/conformance-runner (src/examples.test.ts runs it with the suite's PostgreSQL):
// the encoding as the server reports it after the create.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.encoding, "UTF8");
}
