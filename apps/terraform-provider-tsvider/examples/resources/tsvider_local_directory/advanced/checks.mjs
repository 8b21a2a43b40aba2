// Checks of what applying this example did to the machine, run by the conformance runner.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const mode = (path) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

export function afterApply({ dir, outputs, assert }) {
  const root = join(dir, "workspace", "app");
  assert.deepEqual(
    readdirSync(root).sort(),
    ["README.md", "VERSION", "owners.json", "production", "staging"],
    "the root holds its three files and a directory per environment",
  );
  for (const name of ["README.md", "VERSION", "owners.json"]) {
    assert.equal(mode(join(root, name)), "0600", `${name} has file_permission's mode`);
  }
  assert.deepEqual(JSON.parse(readFileSync(join(root, "owners.json"), "utf8")), {
    oncall: "platform-oncall",
    team: "platform",
  });
  assert.equal(mode(root), "0755");
  assert.equal(outputs.root_permissions, "0755", "the four-digit notation is kept");
  assert.equal(outputs.root_file_count, 3, "subdirectories are not counted as files");
  for (const [name, wanted] of [
    ["staging", "0750"],
    ["production", "0700"],
  ]) {
    const path = join(root, name);
    assert.equal(mode(path), wanted, `${name} has its mode`);
    assert.equal(readFileSync(join(path, "environment"), "utf8"), `${name}\n`);
    assert.deepEqual(outputs.environments[name], {
      id: resolve(path),
      permissions: `0o${wanted.slice(1)}`,
      file_count: 1,
    });
  }
}

export function afterDestroy({ dir, assert }) {
  assert.equal(
    existsSync(join(dir, "workspace", "app")),
    false,
    "destroy removed every directory it made empty",
  );
}
