// Checks of what applying this example did to the machine, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const files = {
  "index.html": "<h1>Hello</h1>\n",
  "robots.txt": "User-agent: *\nDisallow:\n",
};
const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const mode = (path) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

export function afterApply({ dir, outputs, assert }) {
  const site = join(dir, "site");
  assert.deepEqual(readdirSync(site).sort(), Object.keys(files), "the directory holds exactly the two files");
  for (const [name, content] of Object.entries(files)) {
    assert.equal(readFileSync(join(site, name), "utf8"), content, `${name} holds its configured content`);
    assert.equal(mode(join(site, name)), "0644", `${name} has the default mode`);
  }
  assert.equal(mode(site), "0750", "the directory has the configured mode");
  assert.equal(outputs.permissions, "0o750", "permissions is read back in the notation config used");
  assert.equal(outputs.file_permission, "0644", "file_permission takes its default");
  assert.equal(outputs.file_count, 2, "file_count counts the files in the directory");
  assert.equal(outputs.id, resolve(site), "id is the directory's absolute path");
  assert.deepEqual(
    outputs.hashes,
    Object.fromEntries(Object.entries(files).map(([name, content]) => [name, sha256(content)])),
    "each file's content_hash is the SHA-256 of its content",
  );
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "site")), false, "destroy removed the files and the emptied directory");
}
