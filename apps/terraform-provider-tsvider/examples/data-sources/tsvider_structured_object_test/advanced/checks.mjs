// Checks the files built from each service's nested objects.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const read = (dir, name) => JSON.parse(readFileSync(join(dir, "services", `${name}.json`), "utf8"));

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(read(dir, "api"), {
    name: "api",
    enabled: true,
    settings: { owner: "processed_platform", language: "processed_typescript" },
    level: 2,
  });
  assert.deepEqual(read(dir, "static"), { name: "static", enabled: true, settings: {}, level: 2 });
  assert.deepEqual(outputs.with_metadata, ["api", "worker"]);
  // "platform" 8 + "typescript" 10 + "data" 4
  assert.equal(outputs.numeric_total, 22);
}

export function afterDestroy({ dir, assert }) {
  for (const name of ["api", "worker", "static"])
    assert.equal(existsSync(join(dir, "services", `${name}.json`)), false);
}
