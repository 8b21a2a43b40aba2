// Checks of what provider::tsvider::nested_data_processor returned for nested data, other modes,
// an array, empty text and a file's JSON, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.same_data, true, "nested values come back whole");
  assert.deepEqual(outputs.summaries, {
    analyze: { mode: "analyze", total_keys: 2 },
    passthrough: { mode: "passthrough" },
    array: { mode: "analyze", total_keys: 3 },
    empty: { mode: "analyze", total_keys: 0 },
  });
  assert.equal(
    outputs.from_file,
    '{"original_data": {"ratio": 0.1000000000000000055511151231257827, "name": "caf\\u00e9", "retries": 3}, "summary": {"mode": "raw"}}',
    "every digit kept, non-ASCII escaped, keys in the file's order",
  );
}
