// notebook_archive: an action that copies the notebook's notes into one archive file,
// `archive/<name>.json`. An action has a configuration and no state: Terraform runs it when a
// resource's action_trigger fires, or when asked with `terraform apply -invoke`, and shows each
// progress message as it is reported.
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { attr, isUnknown, ValidationError } from "@tsvider/framework";
import { notebook } from "./notebook.js";

export const archive = notebook.action({
  typeName: "notebook_archive",
  description: "Copies every note into the archive file `archive/<name>.json`.",
  // #region schema
  schema: {
    name: attr.string({
      required: true,
      description:
        "The archive's name: lowercase letters, digits and `-`, as `provider::notebook::slug` makes.",
    }),
  },
  // #endregion schema
  // #region validate
  validateConfig({ config }) {
    if (!isUnknown(config.name) && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(config.name)) {
      throw new ValidationError(`"${config.name}" cannot name an archive`, {
        detail:
          'The name becomes a file name: use lowercase letters, digits and single "-" between them, such as "weekly", or provider::notebook::slug("...").',
        path: [{ attribute: "name" }],
      });
    }
  },
  // #endregion validate
  // #region invoke
  async invoke({ config, providerData, progress }) {
    const notes = await providerData.all();
    for (const note of notes) progress(`archiving "${note.title}"`);
    const directory = join(providerData.directory, "archive");
    await mkdir(directory, { recursive: true });
    const file = join(directory, `${config.name}.json`);
    await writeFile(
      `${file}.tmp`,
      `${JSON.stringify({ archived_at: new Date().toISOString(), notes }, null, 2)}\n`,
    );
    await rename(`${file}.tmp`, file);
    progress(`wrote ${notes.length} notes to archive/${config.name}.json`);
  },
  // #endregion invoke
});
