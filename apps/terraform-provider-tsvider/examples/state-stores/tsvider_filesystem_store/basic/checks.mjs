// The state went to states/default.tfstate through the provider, with no local state file and
// no lock left behind; after destroy the stored state manages nothing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const initArgs = ["-enable-pluggable-state-storage-experiment"];
export const env = { TF_ENABLE_PLUGGABLE_STATE_STORAGE: "1" };

const stored = (dir) => JSON.parse(readFileSync(join(dir, "states", "default.tfstate"), "utf8"));

export function afterApply({ dir, assert }) {
  assert.equal(readFileSync(join(dir, "hello.txt"), "utf8"), "state kept by tsvider_filesystem_store\n");
  const state = stored(dir);
  assert.deepEqual(
    state.resources.map((r) => `${r.type}.${r.name}`),
    ["tsvider_file_content.hello"],
  );
  assert.equal(existsSync(join(dir, "terraform.tfstate")), false, "no local state file");
  assert.deepEqual(readdirSync(join(dir, "states")), ["default.tfstate"], "no lock or temporary file left");
}

export function afterDestroy({ dir, assert }) {
  assert.deepEqual(stored(dir).resources, []);
  assert.equal(existsSync(join(dir, "hello.txt")), false);
}
