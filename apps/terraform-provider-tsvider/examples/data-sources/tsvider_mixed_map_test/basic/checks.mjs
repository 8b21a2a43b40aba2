// Strings upper-cased, numbers plus one, booleans as they were.

export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.processed, { name: "CHECKOUT", replicas: 3, public: true });
}
