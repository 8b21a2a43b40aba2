// Checks of what provider::tsvider::to_camel_case returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.classes, ["UserProfile", "OrderItem", "ShippingAddress"], "PascalCase");
  assert.deepEqual(outputs.variables, ["userProfile", "orderItem", "shippingAddress"], "camelCase");
}
