// Checks of what provider::tsvider::divide returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.average, 86000, "the mean budget");
  assert.deepEqual(
    outputs.shares,
    [11.63, 17.44, 23.26, 29.07, 18.6],
    "each budget's percentage, to 2 places",
  );
  assert.deepEqual(outputs.third, 0.3333, "1 / 3 rounded to 4 places");
  assert.deepEqual(
    outputs.same_as_terraform,
    { quotient: true, product: true, digits: 156 },
    "every digit of Terraform's own /: 0. and 154 more",
  );
}
