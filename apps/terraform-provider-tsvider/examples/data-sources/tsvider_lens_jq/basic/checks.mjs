// Checks of what the tsvider_lens_jq data source read, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.name, "John Doe", "result is the value jq gave");
  assert.equal(outputs.name_json, '"John Doe"', "result_json is the same value as JSON text");
}
