// Part 6 under the real Terraform (OpenTofu has no actions): applying main.tf creates the
// "todo" note, whose action_trigger runs notebook_archive; `terraform apply -invoke` runs it
// on request, with its progress in Terraform's output; a name that cannot be a file name is
// refused at validation, pointing at the action's config.
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { acceptanceTest, resolveTerraform } from "@tsvider/conformance";
import { expect, it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");

interface Archive {
  readonly archived_at: string;
  readonly notes: readonly { readonly title: string }[];
}

it("archives the notes when main.tf's trigger fires and when invoked", async () => {
  const read = async (dir: string) =>
    JSON.parse(await readFile(join(dir, "notebook", "archive", "weekly.json"), "utf8")) as Archive;
  await acceptanceTest({
    provider,
    address: "notebook/notebook",
    binary: resolveTerraform(),
    steps: [
      {
        config: mainTf,
        async check({ dir }) {
          const archived = await read(dir);
          expect(archived.notes.map((n) => n.title)).toEqual(["Things to do", "Welcome"]);
        },
      },
      {
        planOnly: true,
        async check({ dir, run }) {
          await rm(join(dir, "notebook", "archive", "weekly.json"));
          const invoked = await run([
            "apply",
            "-auto-approve",
            "-no-color",
            "-invoke=action.notebook_archive.weekly",
          ]);
          expect(invoked.stdout).toMatch(
            /Action action\.notebook_archive\.weekly \(.*\):\s+archiving "Welcome"/,
          );
          expect(invoked.stdout).toContain("wrote 2 notes to archive/weekly.json");
          expect((await read(dir)).notes).toHaveLength(2);
        },
      },
      {
        config: mainTf.replace('provider::notebook::slug("Weekly")', '"Weekly!"'),
        expectError:
          /"Weekly!" cannot name an archive.*on main\.tf line \d+, in action "notebook_archive" "weekly".*The name becomes a file name/s,
      },
    ],
  });
});
