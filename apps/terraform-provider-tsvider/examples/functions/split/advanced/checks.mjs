// Checks of what provider::tsvider::split returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.columns, ["name", "email_address", "is_active"], "column names as snake_case");
  assert.deepEqual(outputs.settings, { region: "eu-west-1", tier: "gold", owner: "ops" }, "pairs as a map");
}
