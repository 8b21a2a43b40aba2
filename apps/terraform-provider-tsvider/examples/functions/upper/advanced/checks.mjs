// Checks of what provider::tsvider::upper returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.labels, ["DEV", "STAGING", "PROD"], "each label");
  assert.deepEqual(outputs.heading, "SITE_RELIABILITY", "chained with replace");
}
