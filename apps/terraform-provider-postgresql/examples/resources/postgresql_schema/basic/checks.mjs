// Run by apps/conformance-runner (src/examples.test.ts runs it with the suite's PostgreSQL):
// the schema in the database the example makes.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.schema, "example_schema_db.app");
}
