// Checks of what provider::tsvider::to_kebab_case returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.from_pascal, "hello-world", "PascalCase");
  assert.deepEqual(outputs.from_snake, "some-snake-case", "snake_case");
}
