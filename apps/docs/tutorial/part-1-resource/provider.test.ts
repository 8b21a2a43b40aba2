// Part 1 under the real tofu: the reader's own main.tf, read from disk, is applied; the note is
// then imported by id and by identity, created again after it was deleted behind tofu's back,
// and updated in place. acceptanceTest destroys everything at the end and checks that the state
// is empty; the note's file must be gone too.
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { acceptanceTest, compareValue, planCheck, stateCheck } from "@tsvider/conformance";
import { expect, it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");
const welcome = "notebook_note.welcome";

it("creates, imports, recreates, updates and deletes the note of main.tf", async () => {
  const id = compareValue(welcome, "id");
  // The id is chosen when the note is created: the steps after the first read it when they run.
  let created = "";
  let notes = "";
  const noteFile = () => join(notes, `${created}.json`);
  const readNote = async () => JSON.parse(await readFile(noteFile(), "utf8")) as unknown;

  await acceptanceTest({
    provider,
    address: "notebook/notebook",
    steps: [
      {
        config: mainTf,
        planChecks: { preApply: [planCheck.action(welcome, "create"), planCheck.unknown(welcome, "id")] },
        stateChecks: [
          id.record(),
          stateCheck.attribute(welcome, "id", stateCheck.regex(/^[0-9a-f]{8}$/)),
          stateCheck.attribute(welcome, "title", "Welcome"),
          stateCheck.attribute(welcome, "body", "This note is a file in notebook/notes."),
          stateCheck.attribute(welcome, "tags", ["intro"]),
          stateCheck.identity(welcome, { id: stateCheck.regex(/^[0-9a-f]{8}$/) }),
        ],
        async check({ dir, outputs }) {
          created = String(outputs.welcome_id);
          notes = join(dir, "notebook", "notes");
          expect(await readNote()).toEqual({
            id: created,
            title: "Welcome",
            body: "This note is a file in notebook/notes.",
            tags: ["intro"],
          });
        },
      },
      {
        // `tofu import notebook_note.welcome <id>`: read fills in the rest from the file, and
        // the identity, which an import by id does not give.
        get importState() {
          return { resourceName: welcome, id: created, verify: true };
        },
        stateChecks: [stateCheck.identity(welcome, { id: stateCheck.regex(/^[0-9a-f]{8}$/) })],
      },
      {
        // `import { to = notebook_note.welcome, identity = { id = "<id>" } }`.
        get importState() {
          return { resourceName: welcome, identity: { id: created }, verify: true };
        },
      },
      {
        // Deleted behind tofu's back: read reports it gone, and the plan creates it again.
        preConfig: () => rm(noteFile()),
        planChecks: { preApply: [planCheck.action(welcome, "create")] },
        stateChecks: [id.differs()],
        async check({ outputs }) {
          created = String(outputs.welcome_id);
          expect(existsSync(noteFile())).toBe(true);
        },
      },
      {
        config: mainTf.replace("This note is a file in notebook/notes.", "Edited."),
        planChecks: {
          preApply: [planCheck.action(welcome, "update"), planCheck.known(welcome, "id", stateCheck.any())],
        },
        stateChecks: [id.same(), stateCheck.attribute(welcome, "body", "Edited.")],
        check: async () => expect(await readNote()).toMatchObject({ body: "Edited." }),
      },
    ],
  });
  expect(existsSync(noteFile())).toBe(false);
});
