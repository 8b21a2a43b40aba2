// Checks of what provider::tsvider::to_snake_case returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.from_pascal, "hello_world", "PascalCase");
  assert.deepEqual(outputs.from_kebab, "some_kebab_case", "kebab-case");
}
