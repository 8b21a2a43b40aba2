// Checks of what provider::tsvider::lens_jq returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.engineers, ["Alice Smith", "Carol Davis"], "select");
  assert.deepEqual(outputs.skills, ["Docker", "Go", "React", "SEO"], "flatten and unique");
  assert.deepEqual(outputs.average, 91666.66666666667, "arithmetic in jq's doubles");
  assert.deepEqual(outputs.by_department, { Engineering: 2, Marketing: 1 }, "group and count");
  assert.deepEqual(outputs.several, [95000, 75000, 105000], "several outputs come back as a tuple");
}
