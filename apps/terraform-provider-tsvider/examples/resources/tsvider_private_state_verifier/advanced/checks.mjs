// Checks of every case's round trip, run by the conformance runner.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const env = { TSVIDER_PRIVATE_STATE_SECRET: "conformance-example-secret-0004" };

export function afterApply({ dir, outputs, assert }) {
  assert.equal(outputs.all_passed, true, "every secret came back as it went in");
  const report = JSON.parse(readFileSync(join(dir, "out", "private-state-report.json"), "utf8"));
  assert.equal(
    report.results.unicode.got,
    "SECRET_FOR_GRÜN-1",
    "non-ASCII letters upper-cased as Terraform upper-cases them",
  );
  assert.equal(Object.keys(report.results).length, 4);
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "private-state-report.json")), false);
}
