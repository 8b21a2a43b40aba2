// Part 4 under the real tofu: main.tf's session holds the notebook while the notes are written
// (each close leaves a line in the history and no lock behind) and its id never reaches the
// state; a note refuses to be written for a session that does not hold the notebook; a lock
// left by a run that died is taken over once it has expired; and while another run holds the
// notebook, the plan fails saying who has it and what to do. An empty holder is refused.
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { acceptanceTest, stateCheck } from "@tsvider/conformance";
import { expect, it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");

it("writes the notes of main.tf only while its session holds the notebook", async () => {
  const lockFile = (dir: string) => join(dir, "notebook", "session.lock");
  const history = async (dir: string) =>
    (await readFile(join(dir, "notebook", "history.log"), "utf8")).trimEnd().split("\n");
  const lockOf = (holder: string, expires: Date) =>
    `${JSON.stringify({ session_id: "a-run-elsewhere", holder, expires_at: expires.toISOString() })}\n`;
  let sessions = 0;
  await acceptanceTest({
    provider,
    address: "notebook/notebook",
    steps: [
      {
        config: mainTf,
        stateChecks: [
          stateCheck.attribute("notebook_note.welcome", "session_id", null),
          stateCheck.attribute("notebook_note.todo", "session_id", null),
        ],
        async check({ dir }) {
          expect(existsSync(lockFile(dir))).toBe(false);
          // One line per session closed: the plan's and the apply's at least.
          const lines = await history(dir);
          expect(lines.length).toBeGreaterThanOrEqual(2);
          for (const line of lines) expect(line).toMatch(/^\S+Z [0-9a-f-]{36} tutorial$/);
          sessions = lines.length;
        },
      },
      {
        // A session id that holds nothing: the changed note is not written. Nothing orders this
        // note after the session any more, so the session's lock may or may not exist yet.
        config: mainTf
          .replace("Water the plants.", "Water the plants twice.")
          .replace(
            /(title += "Things to do"[^}]*session_id = )ephemeral\.notebook_session\.run\.session_id/,
            '$1"stale"',
          ),
        expectError:
          /The notebook is not held by session stale.*on main\.tf line \d+, in resource "notebook_note" "todo".*session\.lock (does not exist|belongs to session [0-9a-f-]{36})\. Set session_id from a notebook_session/s,
        stateChecks: [stateCheck.attribute("notebook_note.todo", "body", "Water the plants.")],
      },
      {
        // A run that died an hour ago left its lock: expired, so this run takes it over.
        config: mainTf,
        preConfig: ({ dir }) =>
          writeFile(lockFile(dir), lockOf("crashed-job", new Date(Date.now() - 3_600_000))),
        stateChecks: [stateCheck.attribute("notebook_note.todo", "body", "Water the plants.")],
        async check({ dir }) {
          expect(existsSync(lockFile(dir))).toBe(false);
          expect((await history(dir)).length).toBeGreaterThan(sessions);
        },
      },
      {
        preConfig: ({ dir }) =>
          writeFile(lockFile(dir), lockOf("nightly-job", new Date(Date.now() + 3_600_000))),
        expectError:
          /The notebook is in use: \S+session\.lock exists \(\{"session_id":"a-run-elsewhere","holder":"nightly-job".*Wait until the run holding it ends/s,
        async check({ dir }) {
          // Not ours to remove, so it is still there; release it for the final destroy.
          expect(await readFile(lockFile(dir), "utf8")).toContain("nightly-job");
          await rm(lockFile(dir));
        },
      },
      {
        config: mainTf.replace('holder = "tutorial"', 'holder = ""'),
        expectError: /holder is empty.*in ephemeral "notebook_session" "run".*Say who holds the notebook/s,
      },
    ],
  });
});
