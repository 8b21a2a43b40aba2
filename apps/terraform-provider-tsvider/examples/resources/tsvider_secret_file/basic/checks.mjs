// Checks that the write-only content reached the file and is stored nowhere.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  const file = join(dir, "api-key.txt");
  const key = readFileSync(file, "utf8");
  assert.match(key, /^[A-Za-z0-9]{32}$/, "the file holds the 32-character token");
  assert.equal(statSync(file).mode & 0o777, 0o600, "the file is readable by its owner only");
  assert.equal(outputs.file_permission, "0600", "file_permission takes its default");
  const stateText = readFileSync(join(dir, "terraform.tfstate"), "utf8");
  assert.equal(stateText.includes(key), false, "the key is not in terraform.tfstate");
  const state = JSON.parse(stateText);
  const secretFile = state.resources.find((r) => r.type === "tsvider_secret_file");
  assert.equal(secretFile.instances[0].attributes.content_wo, null, "content_wo is stored as null");
  assert.equal(secretFile.instances[0].attributes.content_wo_version, 1, "content_wo_version is stored");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "api-key.txt")), false, "destroy removed the file");
}
