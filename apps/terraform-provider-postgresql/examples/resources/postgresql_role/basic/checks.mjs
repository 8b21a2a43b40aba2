// Run by apps/conformance-runner (src/examples.test.ts runs it with the suite's PostgreSQL):
// the role the example makes is named in its output.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.role, "example_app");
}
