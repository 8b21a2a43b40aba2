// Checks of what provider::tsvider::join_path returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.joined, "var/lib/app.db", "segments joined with /");
  assert.equal(outputs.normalized, "a/c/d.txt", "doubled slashes, . and .. resolved");
  assert.equal(outputs.nothing, ".", "no segments give the current directory");
}
