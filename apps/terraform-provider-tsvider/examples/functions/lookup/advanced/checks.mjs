// Checks of what provider::tsvider::lookup returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.theme, "dark", "the user's own");
  assert.deepEqual(outputs.timezone, "UTC", "from the defaults");
  assert.deepEqual(outputs.db_host, "db1.example.com", "three levels down");
  assert.deepEqual(
    outputs.null_default,
    true,
    "a null default (typed: a bare null has no type until apply) comes back as null",
  );
}
