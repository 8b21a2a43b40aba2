// Creates three notes with the default apply, lists those starting with "deploy-" with
// `terraform query -json`, checks what was found (by identity, without objects), then destroys
// the notes, which takes them out of the index.
import { readFileSync } from "node:fs";
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

export async function steps({ run, step, apply, destroy, assert }) {
  await apply();
  const query = await step("query", () => run(["query", "-json", "-no-color"]));
  const found = lines(query.stdout)
    .filter((m) => m.type === "list_resource_found")
    .map((m) => m.list_resource_found);
  assert.deepEqual(
    found.map((f) => [f.address, f.display_name, f.identity]),
    [
      ["list.tsvider_secret_note.deploy", "deploy-db", { name: "deploy-db" }],
      ["list.tsvider_secret_note.deploy", "deploy-web", { name: "deploy-web" }],
    ],
  );
  assert.ok(
    found.every((f) => f.resource_object === undefined),
    "no objects unless include_resource",
  );
  await destroy();
}

export function afterApply({ dir, assert }) {
  const index = JSON.parse(readFileSync(join(dir, "notes-index.json"), "utf8"));
  assert.deepEqual(Object.keys(index), ["deploy-db", "deploy-web", "scratch"]);
  assert.ok(!JSON.stringify(index).includes("secret of"), "the index holds no secret");
}

export function afterDestroy({ dir, assert }) {
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "notes-index.json"), "utf8")), {});
}
