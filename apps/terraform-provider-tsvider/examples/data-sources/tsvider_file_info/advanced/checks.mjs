// Makes a symbolic link for the example to look at, then checks the facts it read.
import { existsSync, statSync } from "node:fs";
import { symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

export async function before({ dir }) {
  await writeFile(join(dir, "release-1.2.txt"), "v1.2\n");
  await symlink("release-1.2.txt", join(dir, "current"));
}

export function afterApply({ dir, outputs, assert }) {
  const written = statSync(join(dir, "out", "credentials.json"));
  assert.deepEqual(outputs.credentials, {
    size: written.size,
    permissions: "0o600",
    mime_type: "application/json",
    owner_known: true,
  });
  assert.deepEqual(outputs.out_dir, { is_dir: true, is_file: false, mime_type: null });
  assert.deepEqual(outputs.link, { is_symlink: true, is_file: true, size: 5 });
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "credentials.json")), false, "destroy removed the file");
}
