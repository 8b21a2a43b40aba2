// Checks of what provider::tsvider::to_camel_case returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.camel, "helloWorld", "camelCase");
  assert.deepEqual(outputs.pascal, "HelloWorld", "upper_first: PascalCase");
}
