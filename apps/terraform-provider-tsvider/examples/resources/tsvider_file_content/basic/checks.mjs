// Checks of what applying this example did to the machine, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const expected = "Hello from a provider written in TypeScript!\n";

export function afterApply({ dir, outputs, assert }) {
  const file = join(dir, "hello.txt");
  assert.equal(readFileSync(file, "utf8"), expected, "the file holds the configured content");
  assert.equal(
    outputs.content_hash,
    createHash("sha256").update(expected).digest("hex"),
    "content_hash is the SHA-256 of the content",
  );
  assert.equal(outputs.file_permission, "0644", "file_permission takes its default");
  assert.equal(statSync(file).mode & 0o777, 0o644, "the file has the default mode");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "hello.txt")), false, "destroy removed the file");
}
