// Part 5 under the real Terraform (OpenTofu has no `terraform query`): after main.tf is
// applied and another program adds a note, the reader's notes.tfquery.hcl finds both notes
// tagged "todo", each with its identity and, as it asks for include_resource, the whole note;
// `-generate-config-out` writes the resource and import blocks that would take them over.
import { copyFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { acceptanceTest, resolveTerraform } from "@tsvider/conformance";
import { expect, it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");
const queryFile = new URL("./notes.tfquery.hcl", import.meta.url);

/** The `list_resource_found` messages of `terraform query -json`. */
function found(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { type: string; list_resource_found?: Record<string, unknown> })
    .filter((m) => m.type === "list_resource_found")
    .map((m) => m.list_resource_found!);
}

it("finds the notes with terraform query and generates the config to import them", async () => {
  await acceptanceTest({
    provider,
    address: "notebook/notebook",
    binary: resolveTerraform(),
    steps: [
      { config: mainTf },
      {
        // A note Terraform does not manage, written by another program.
        preConfig: ({ dir }) =>
          writeFile(
            join(dir, "notebook", "notes", "0000abcd.json"),
            JSON.stringify({ id: "0000abcd", title: "Buy milk", body: "Two litres.", tags: ["todo"] }),
          ),
        async check({ dir, run, state }) {
          await copyFile(queryFile, join(dir, "notes.tfquery.hcl"));
          const todo = state.values?.root_module?.resources?.find((r) => r.address === "notebook_note.todo");
          const results = found((await run(["query", "-json", "-no-color"])).stdout);
          expect(results.map((r) => [r.address, r.display_name, r.identity])).toEqual([
            ["list.notebook_note.todo", "Buy milk", { id: "0000abcd" }],
            ["list.notebook_note.todo", "Things to do", { id: todo?.values.id }],
          ]);
          expect(results[0]?.resource_object).toEqual({
            id: "0000abcd",
            title: "Buy milk",
            body: "Two litres.",
            tags: ["todo"],
            session_id: null,
          });

          await run(["query", "-no-color", "-generate-config-out=imported.tf"]);
          const generated = await readFile(join(dir, "imported.tf"), "utf8");
          expect(generated).toMatch(/resource "notebook_note" "todo_0" \{[^}]*title\s+= "Buy milk"/);
          expect(generated).toMatch(
            /import \{\s+to\s+= notebook_note\.todo_0[\s\S]*?identity = \{\s+id = "0000abcd"/,
          );
          // Not for this working directory: its notes are managed already. The query file stays:
          // the plans and the destroy that follow do not read it.
          await rm(join(dir, "imported.tf"));
        },
      },
    ],
  });
});
