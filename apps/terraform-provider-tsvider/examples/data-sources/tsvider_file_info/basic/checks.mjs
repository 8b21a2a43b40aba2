// Checks the data source's facts against the file on disk.
import { statSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  const s = statSync(join(dir, "NOTES.md"));
  assert.deepEqual(outputs.notes, {
    exists: true,
    is_file: true,
    size: s.size,
    mime_type: "text/markdown",
    permissions: `0o${(s.mode & 0o7777).toString(8)}`,
  });
  assert.equal(outputs.use_override, false, "nothing at override.json");
}
