// Checks of what provider::tsvider::nested_data_processor returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.equal(
    outputs.analysed,
    '{"original_data": {"region": "us-west-2", "replicas": 3}, "summary": {"mode": "analyze", "total_keys": 2}}',
    "the data and its summary, as pyvider writes them",
  );
  assert.equal(outputs.total_keys, 2, "two keys at the top");
}
