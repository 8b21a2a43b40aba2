// Checks of the files written where provider::tsvider::join_path said, run by the conformance runner.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const pages = ["about/team.html", "blog/2026/launch.html", "index.html"];

export function afterApply({ dir, outputs, assert }) {
  assert.equal(outputs.files.length, 3);
  for (const page of pages) {
    assert.equal(readFileSync(join(dir, "site", page), "utf8"), `<h1>${page}</h1>\n`, `${page} written`);
  }
  assert.ok(
    outputs.files.every((file) => file.endsWith(".html") && file.includes("site/") && !file.includes("//")),
    "each filename is joined and normalized",
  );
  assert.equal(outputs.spread, "blog/2025/old.html", "segments spread from a list are normalized too");
}

export function afterDestroy({ dir, assert }) {
  for (const page of pages) assert.equal(existsSync(join(dir, "site", page)), false, `${page} removed`);
}
