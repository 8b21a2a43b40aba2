// Every `tsvider` command, in the order --help lists them: a project's life from first line to
// release, then the tools for looking inside it. Listed, not imported: each module is loaded
// when its command runs or shows its help, so `tsvider --version` and `tsvider --help` load
// none of them. The summaries repeat each command's own (a test keeps the two equal).
import type { LazyCommand } from "../cli/command.js";

export const commands: readonly LazyCommand[] = [
  {
    name: "new",
    summary: "Create a provider project whose tests pass right away",
    load: () => import("./new.js").then((m) => m.newCommand),
  },
  {
    name: "install",
    summary: "Build the provider and put it in a local mirror for tofu init",
    load: () => import("./install.js").then((m) => m.installCommand),
  },
  {
    name: "build",
    summary: "Build the provider as a single executable for one or more platforms",
    load: () => import("./build.js").then((m) => m.buildCommand),
  },
  {
    name: "release",
    summary: "Build, zip, checksum and sign a provider version for every platform, with a provider mirror",
    load: () => import("./release.js").then((m) => m.releaseCommand),
  },
  {
    name: "docs",
    summary: "Generate the registry documentation (docs/) from the schema, examples and templates",
    load: () => import("./docs.js").then((m) => m.docsCommand),
  },
  {
    name: "schema",
    summary: "Print the provider's schema as `tofu providers schema -json` does",
    load: () => import("./schema.js").then((m) => m.schemaCommand),
  },
  {
    name: "serve",
    summary: "Run the provider from source in debug mode, for tofu to reattach to",
    load: () => import("./serve.js").then((m) => m.serveCommand),
  },
  {
    name: "sweep",
    summary: "Delete what acceptance tests left behind, with the project's sweepers",
    load: () => import("./sweep.js").then((m) => m.sweepCommand),
  },
];
