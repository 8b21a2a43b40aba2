// Checks of what provider::tsvider::format_size returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(
    outputs.report,
    { "system.log": "1.0 KB", "database.db": "2.0 GB", "backup.tar.gz": "5.0 GB", "cache.tmp": "128.0 MB" },
    "each file's size",
  );
  assert.deepEqual(outputs.rounded, "1 GB", "no decimals");
  assert.deepEqual(outputs.total, "7.125 GB", "the total, three decimals");
}
