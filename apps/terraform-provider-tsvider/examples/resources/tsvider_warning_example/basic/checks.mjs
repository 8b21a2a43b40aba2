// Checks of this example's names, run by the conformance runner. The warnings themselves are
// checked through tofu's output in apps/terraform-provider-tsvider/src/warning-example.test.ts.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.current_name, "example_warning", "name as configured");
  assert.equal(outputs.legacy_name, "legacy_name", "name taken from the deprecated old_name");
}
