// Checks of what applying this example did to the machine, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

export function afterApply({ dir, outputs, assert }) {
  const out = join(dir, "out", "staging");
  const config = readFileSync(join(out, "config.json"), "utf8");
  assert.deepEqual(JSON.parse(config), {
    database: { host: "db.staging.internal", port: 5432 },
    debug: true,
    environment: "staging",
  });
  assert.equal(statSync(join(out, "config.json")).mode & 0o777, 0o640, "the configured mode");
  assert.equal(outputs.config_hash, sha256(config), "content_hash is the SHA-256 of what is on disk");
  assert.equal(outputs.hash_matches, true, "sha256_hex agrees with content_hash");
  assert.deepEqual(outputs.service_files, { api: "api.env", worker: "worker.env" });
  for (const service of ["api", "worker"]) {
    assert.equal(
      readFileSync(join(out, `${service}.env`), "utf8"),
      `SERVICE=${service}\nCONFIG_FILE=config.json\nCONFIG_SHA256=${sha256(config)}\n`,
      `${service}.env is the rendered template`,
    );
  }
}

export function afterDestroy({ dir, assert }) {
  for (const name of ["config.json", "api.env", "worker.env"]) {
    assert.equal(existsSync(join(dir, "out", "staging", name)), false, `destroy removed ${name}`);
  }
}
