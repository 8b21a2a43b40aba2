// Checks of what provider::tsvider::to_kebab_case returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(
    outputs.slugs,
    ["how-to-use-terraform-providers", "string-manipulation-101"],
    "lowercased, hyphenated",
  );
  assert.deepEqual(outputs.resource_name, "web-server-primary", "mixed input");
}
