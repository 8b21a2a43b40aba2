// The variables the example reads, set for every tofu command (the provider inherits them).
export const env = { EXAMPLE_APP_NAME: "shop", EXAMPLE_APP_REGION: "us-east-2" };

export function afterApply({ outputs, assert }) {
  assert.equal(outputs.app_name, "shop");
  assert.equal(outputs.region, "us-east-2");
  assert.deepEqual(outputs.found, ["EXAMPLE_APP_NAME", "EXAMPLE_APP_REGION"], "unset variables are left out");
}
