// Checks the bundle written from the fragments the data source read.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const sha = (text) => createHash("sha256").update(text).digest("hex");

export function afterApply({ dir, outputs, assert }) {
  const app = readFileSync(join(dir, "config", "app.conf"), "utf8");
  const logging = readFileSync(join(dir, "config", "logging.conf"), "utf8");
  assert.deepEqual(outputs.fragments, ["app.conf", "logging.conf"], "only *.conf files");
  assert.equal(outputs.total_size, Buffer.byteLength(app) + Buffer.byteLength(logging));
  assert.equal(outputs.hashes_agree, true);
  assert.equal(
    readFileSync(join(dir, "out", "bundle.conf"), "utf8"),
    `# app.conf (sha256 ${sha(app).slice(0, 12)})\n${app}\n# logging.conf (sha256 ${sha(logging).slice(0, 12)})\n${logging}`,
  );
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "bundle.conf")), false, "destroy removed the bundle");
  assert.equal(existsSync(join(dir, "config", "app.conf")), true, "the fragments read are left alone");
}
