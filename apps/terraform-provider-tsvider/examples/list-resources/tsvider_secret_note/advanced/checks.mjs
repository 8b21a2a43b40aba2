// Applies notes whose secrets are ephemeral, lists them with their objects and a limit, checks
// each listed digest is the one in state, generates configuration for them, and destroys them.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const lines = (stdout) =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l));

// The index lives in the example's own directory, not in the shared temporary directory.
export function before({ dir }) {
  return { env: { TSVIDER_SECRET_NOTE_INDEX: join(dir, "notes-index.json") } };
}

export async function steps({ dir, run, step, apply, destroy, outputs, assert }) {
  await apply();
  const { digests } = await outputs();
  const query = await step("query", () => run(["query", "-json", "-no-color"]));
  const found = lines(query.stdout)
    .filter((m) => m.type === "list_resource_found")
    .map((m) => m.list_resource_found);
  const keys = found.filter((f) => f.address === "list.tsvider_secret_note.keys");
  assert.deepEqual(
    keys.map((f) => f.resource_object),
    ["deploy-api", "deploy-worker"].map((name) => ({
      name,
      secret_value: null,
      secret_version: "2026-q1",
      digest: digests[name],
    })),
  );
  const first = found.filter((f) => f.address === "list.tsvider_secret_note.first");
  assert.deepEqual(
    first.map((f) => f.display_name),
    ["deploy-api"],
    "limit = 1: the first note in name order",
  );

  await step("query -generate-config-out", () =>
    run(["query", "-no-color", "-generate-config-out=generated.tf"]),
  );
  const generated = readFileSync(join(dir, "generated.tf"), "utf8");
  assert.match(generated, /resource "tsvider_secret_note" "keys_0" \{/);
  assert.match(generated, /name\s+= "deploy-api"/);
  assert.match(generated, /secret_version\s+= "2026-q1"/);
  assert.doesNotMatch(generated, /digest\s+=/, "computed values are not configuration");
  assert.match(
    generated,
    /import \{\s+to\s+= tsvider_secret_note\.keys_0[\s\S]*?identity = \{\s+name = "deploy-api"/,
  );
  // The generated blocks are for another configuration: these notes are already managed here.
  rmSync(join(dir, "generated.tf"));
  await destroy();
}

export function afterApply({ outputs, assert }) {
  for (const digest of Object.values(outputs.digests)) assert.match(digest, /^[0-9a-f]{16}$/);
}
