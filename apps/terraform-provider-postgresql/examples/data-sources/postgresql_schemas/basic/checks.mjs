// Run by apps/conformance-runner (src/examples.test.ts runs it with the suite's PostgreSQL):
// the data source finds the two schemas the example makes, and not public.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.tenants, ["tenant_a", "tenant_b"]);
}
