// Part 2 under the real tofu: main.tf's data source finds the note tagged "todo" that the same
// apply wrote, a note another program writes into the notebook shows up at the next apply,
// and an empty tag is refused at validation, pointing at the line that sets it.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { acceptanceTest, stateCheck } from "@tsvider/conformance";
import { it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");
/** The line of main.tf that sets the tag, which a validation error must point at. */
const tagLine = mainTf.split("\n").indexOf('  tag = "todo"') + 1;

it("finds the notes of main.tf by tag, and those written by others", async () => {
  await acceptanceTest({
    provider,
    address: "notebook/notebook",
    steps: [
      {
        config: mainTf,
        stateChecks: [
          stateCheck.output("todo_titles", ["Things to do"]),
          stateCheck.attribute("data.notebook_notes.todo", "notes.0.tags", ["todo"]),
          stateCheck.attribute("data.notebook_notes.todo", "notes.0.body", "Water the plants."),
        ],
      },
      {
        // Another program adds a note: the data source finds it, ordered by title.
        preConfig: ({ dir }) =>
          writeFile(
            join(dir, "notebook", "notes", "0000abcd.json"),
            JSON.stringify({ id: "0000abcd", title: "Buy milk", body: "", tags: ["todo", "shop"] }),
          ),
        stateChecks: [stateCheck.output("todo_titles", ["Buy milk", "Things to do"])],
      },
      {
        config: mainTf.replace('tag = "todo"', 'tag = ""'),
        expectError: new RegExp(
          `tag is empty.*on main\\.tf line ${tagLine}, in data "notebook_notes" "todo".*Give the tag to look for`,
          "s",
        ),
      },
    ],
  });
});
