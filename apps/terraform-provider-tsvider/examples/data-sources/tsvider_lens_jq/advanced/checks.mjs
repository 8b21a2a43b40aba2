// Checks of what the tsvider_lens_jq data sources read, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.healthy_zones, ["eu-west-1a", "eu-west-1c"], "select kept the healthy replicas");
  assert.equal(outputs.requests, 2150, "add summed the requests");
  assert.equal(
    outputs.summary_json,
    '{"service":"billing","healthy":["eu-west-1a","eu-west-1c"],"requests":2150,"build":123456789012345678901234567890}',
    "result_json is jq's output, in jq's key order, with the 30-digit build number whole",
  );
  assert.deepEqual(outputs.zones_with_capacity, ["a", "c"], "several outputs are a tuple");
}
