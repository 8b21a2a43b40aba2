// Checks of the values computed from the nested blocks, run by the conformance runner.

export function afterApply({ outputs, assert }) {
  assert.deepEqual(
    outputs.processed_data,
    { main_config: { region: "eu-west-1", replicas: 3 }, nested_count: 2 },
    "configuration echoed as given, with the number of blocks",
  );
  assert.deepEqual(outputs.summary, { block_count: 2, services: ["http", "https"], ssl_count: 1 });
  assert.deepEqual(
    outputs.addresses,
    ["http://http:80", "https://https:443"],
    "each block's address, in order",
  );
  assert.equal(outputs.resource_id, "resource_api-gateway");
}
