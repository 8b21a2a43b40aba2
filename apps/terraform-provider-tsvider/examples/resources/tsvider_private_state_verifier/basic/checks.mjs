// Checks that the secret went into private state and came back, run by the conformance runner.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const env = { TSVIDER_PRIVATE_STATE_SECRET: "conformance-example-secret-0003" };

export function afterApply({ dir, outputs, assert }) {
  assert.equal(
    outputs.decrypted_token,
    "SECRET_FOR_TEST-VALUE",
    "read took the secret back from private state",
  );
  const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8"));
  const instance = state.resources.find((r) => r.type === "tsvider_private_state_verifier").instances[0];
  const sealed = Buffer.from(instance.private, "base64").toString("latin1");
  assert.ok(sealed.startsWith("tsv1"), "private state is a tsvider envelope");
  assert.ok(!sealed.includes("SECRET_FOR"), "and the secret is not readable in it");
}
