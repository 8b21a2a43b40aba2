// The notebook provider: its configuration (where the notebook is), what `configure` makes of
// it for every component, and the list of components. Each part of the tutorial adds one.
import { attr, defineProvider } from "@tsvider/framework";
import { note } from "./note.js";
import { Notebook } from "./notebook.js";

export const provider = defineProvider({
  name: "notebook",
  version: "0.1.0",
  schema: {
    directory: attr.string({
      required: true,
      description:
        "The notebook's directory, created when it does not exist. Relative paths start at the provider's working directory: give an absolute one, as `abspath()` makes.",
    }),
  },
  configure: ({ config }) => Notebook.open(config.directory),
  resources: [note],
});
