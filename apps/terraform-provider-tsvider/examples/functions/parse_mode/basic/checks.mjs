// Checks of what provider::tsvider::parse_mode returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.rw_r__r__, 0o644, '"0644" is 420');
  assert.equal(outputs.rwxr_xr_x, 0o755, '"755" is 493');
}
