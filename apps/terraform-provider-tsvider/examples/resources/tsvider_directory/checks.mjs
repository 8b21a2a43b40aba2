// Checks of what applying this example did to the machine, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

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
    assert.equal(mode(join(site, name)), "0640", `${name} has the configured mode`);
  }
  assert.equal(mode(site), "0755", "the directory has the default mode");
  assert.deepEqual(
    outputs.permissions,
    { file: "0640", directory: "0755" },
    "the default fills in directory",
  );
  assert.deepEqual(
    outputs.hashes,
    Object.fromEntries(Object.entries(files).map(([name, content]) => [name, sha256(content)])),
    "each file's content_hash is the SHA-256 of its content",
  );
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "site")), false, "destroy removed the files and the emptied directory");
}
