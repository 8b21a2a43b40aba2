// Run by apps/conformance-runner (src/examples.test.ts runs it with the suite's PostgreSQL):
// the data source finds the two roles the example makes, and no other role matches the pattern.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.names, ["example_team_a", "example_team_b"]);
}
