// Run by apps/conformance-runner (src/examples.test.ts runs it with the suite's PostgreSQL):
// the version the server installed, which the configuration leaves to it.
export function afterApply({ outputs, assert }) {
  assert.match(outputs.version, /^\d+\.\d+$/);
}
