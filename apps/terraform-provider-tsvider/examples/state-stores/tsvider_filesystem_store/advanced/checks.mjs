// Two workspaces, each with a state file of its own in the store: apply in default, create and
// apply "staging", check both states and files, destroy each, delete the workspace (its state
// file goes), and check the states read back in chunks (`state pull`) equal what is on disk.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const env = { TF_ENABLE_PLUGGABLE_STATE_STORAGE: "1" };

const statesDir = (dir) => join(dir, "shared", "states");
const stored = (dir, workspace) =>
  JSON.parse(readFileSync(join(statesDir(dir), `${workspace}.tfstate`), "utf8"));

export async function steps({ dir, run, step, apply, destroy, outputs, assert }) {
  await apply();
  await step("workspace new staging", () => run(["workspace", "new", "-no-color", "staging"]));
  await step("apply in staging", () => run(["apply", "-auto-approve", "-no-color"]));
  assert.equal((await outputs()).workspace, "staging");
  assert.deepEqual(readdirSync(statesDir(dir)).sort(), ["default.tfstate", "staging.tfstate"]);
  for (const ws of ["default", "staging"]) {
    const attrs = stored(dir, ws).resources[0].instances[0].attributes;
    assert.equal(attrs.filename, `./out/${ws}.conf`);
    assert.ok(existsSync(join(dir, "out", `${ws}.conf`)));
  }
  const listed = await step("workspace list", () => run(["workspace", "list", "-no-color"]));
  assert.deepEqual(
    listed.stdout
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    ["default", "* staging"],
  );
  // Read back through the provider, in chunks of 512 bytes: the same bytes as the file.
  const pulled = await step("state pull", () => run(["state", "pull"]));
  assert.ok(readFileSync(join(statesDir(dir), "staging.tfstate")).length > 4 * 512, "several chunks long");
  assert.deepEqual(JSON.parse(pulled.stdout), stored(dir, "staging"));

  await step("destroy in staging", () => run(["destroy", "-auto-approve", "-no-color"]));
  await step("workspace select default", () => run(["workspace", "select", "-no-color", "default"]));
  await step("workspace delete staging", () => run(["workspace", "delete", "-no-color", "staging"]));
  assert.deepEqual(readdirSync(statesDir(dir)), ["default.tfstate"]);
  assert.equal(existsSync(join(dir, "out", "staging.conf")), false);
  await destroy();
}

export function afterApply({ dir, assert }) {
  assert.equal(stored(dir, "default").resources.length, 1);
  assert.equal(existsSync(join(dir, "terraform.tfstate")), false, "no local state file");
}

export function afterDestroy({ dir, assert }) {
  assert.deepEqual(stored(dir, "default").resources, []);
  assert.equal(existsSync(join(dir, "out", "default.conf")), false);
}
