// Creates the files with the default apply, lists them with `terraform query -json`, checks
// what was found (the .txt files, by identity, without their content), then destroys them.

const lines = (stdout) =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l));

export async function steps({ run, step, apply, destroy, assert }) {
  await apply();
  const query = await step("query", () => run(["query", "-json", "-no-color"]));
  const found = lines(query.stdout)
    .filter((m) => m.type === "list_resource_found")
    .map((m) => m.list_resource_found);
  assert.deepEqual(
    found.map((f) => [f.address, f.display_name, f.identity]),
    [
      ["list.tsvider_file_content.txt", "a.txt", { filename: "files/a.txt" }],
      ["list.tsvider_file_content.txt", "b.txt", { filename: "files/b.txt" }],
    ],
  );
  assert.ok(
    found.every((f) => f.resource_object === undefined),
    "no objects unless include_resource",
  );
  const complete = lines(query.stdout).find((m) => m.type === "list_complete");
  assert.equal(complete?.list_complete.total, 2);
  await destroy();
}
