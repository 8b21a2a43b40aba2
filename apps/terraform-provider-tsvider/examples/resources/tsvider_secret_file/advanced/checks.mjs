// Checks that each ephemeral secret reached its file, read-only, and is stored nowhere.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const LENGTHS = { database: 48, queue: 24 };

export function afterApply({ dir, outputs, assert }) {
  const secrets = join(dir, "secrets");
  assert.equal(statSync(secrets).mode & 0o777, 0o700, "the directory is its owner's only");
  const stateText = readFileSync(join(dir, "terraform.tfstate"), "utf8");
  for (const [name, length] of Object.entries(LENGTHS)) {
    const file = join(secrets, `${name}.key`);
    assert.equal(outputs.files[name], `./secrets/${name}.key`);
    const value = readFileSync(file, "utf8");
    assert.match(
      value,
      new RegExp(`^[A-Za-z0-9]{${length}}$`),
      `${name}.key holds a ${length}-character token`,
    );
    assert.equal(statSync(file).mode & 0o777, 0o400, `${name}.key is read-only for its owner`);
    assert.equal(stateText.includes(value), false, `the ${name} secret is not in terraform.tfstate`);
  }
  const instances = JSON.parse(stateText).resources.find((r) => r.type === "tsvider_secret_file").instances;
  assert.deepEqual(
    instances.map((i) => [i.index_key, i.attributes.content_wo, i.attributes.content_wo_version]),
    [
      ["database", null, 3],
      ["queue", null, 3],
    ],
  );
}

export function afterDestroy({ dir, assert }) {
  assert.equal(
    existsSync(join(dir, "secrets")),
    false,
    "destroy removed the files and the emptied directory",
  );
}
