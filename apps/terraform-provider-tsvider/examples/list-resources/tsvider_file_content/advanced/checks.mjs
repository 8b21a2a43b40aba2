// Lists the inbox with whole objects and a limit, generates configuration for the files found,
// imports them with the default cycle (apply, then a plan with nothing left to change), and
// destroys them: the imported files are deleted, the file the query left out stays.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const lines = (stdout) =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l));

export async function steps({ dir, run, step, apply, destroy, assert }) {
  const query = await step("query", () => run(["query", "-json", "-no-color"]));
  const found = lines(query.stdout)
    .filter((m) => m.type === "list_resource_found")
    .map((m) => m.list_resource_found);
  const inbox = found.filter((f) => f.address === "list.tsvider_file_content.inbox");
  assert.deepEqual(
    inbox.map((f) => [f.display_name, f.resource_object?.content]),
    [
      ["one.txt", "one\n"],
      ["sub/three.txt", "three\n"],
      ["two.txt", "two\n"],
    ],
  );
  const first = found.filter((f) => f.address === "list.tsvider_file_content.first");
  assert.deepEqual(
    first.map((f) => f.display_name),
    ["two.txt"],
    "limit = 1: the first file in name order that matches t*",
  );

  await step("query -generate-config-out", () =>
    run(["query", "-no-color", "-generate-config-out=generated.tf"]),
  );
  const generated = readFileSync(join(dir, "generated.tf"), "utf8");
  assert.match(generated, /resource "tsvider_file_content" "inbox_0" \{/);
  assert.match(generated, /filename\s+= "inbox\/one\.txt"/);
  assert.match(generated, /import \{\s+to\s+= tsvider_file_content\.inbox_0/);
  await apply();
  await destroy();
}

export function afterApply({ dir, assert }) {
  const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8"));
  const managed = state.resources
    .filter((r) => r.type === "tsvider_file_content")
    .map((r) => r.instances[0].attributes.filename)
    .sort();
  assert.ok(managed.includes("inbox/one.txt") && managed.includes("inbox/sub/three.txt"), managed.join());
  // Importing changed nothing on disk.
  assert.equal(readFileSync(join(dir, "inbox", "two.txt"), "utf8"), "two\n");
}

export function afterDestroy({ dir, assert }) {
  for (const f of ["one.txt", "two.txt", "sub/three.txt"])
    assert.equal(existsSync(join(dir, "inbox", f)), false, f);
  assert.equal(existsSync(join(dir, "inbox", "skip.md")), true, "the file no query listed stays");
  assert.equal(existsSync(join(dir, "inbox", ".draft.txt")), true, "the hidden file no query listed stays");
}
