// The CLI configuration (TF_CLI_CONFIG_FILE) that makes tofu and terraform install the
// mirrored providers from the mirror and everything else from its registry as usual: the
// filesystem_mirror names its providers in `include`, and `direct` excludes the same ones, so
// a provider that is not in the mirror yet fails to install instead of being looked up in a
// registry that does not have it.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { CliError } from "../cli/command.js";

/** The first line of every configuration tsvider writes: it may overwrite those, and no others. */
export const CONFIG_MARKER =
  "# Written by `tsvider install`: it is rewritten on every install with --write-config.";

/**
 * The configuration for the providers in the mirror. With none (the last one uninstalled) it
 * holds no provider_installation block, only a comment: empty `include` and `exclude` lists
 * would say nothing a user should keep, and tofu and terraform without the block install
 * every provider from its registry, as they would without tsvider.
 */
export function mirrorInstallationConfig(mirrorDir: string, addresses: readonly string[]): string {
  if (addresses.length === 0) {
    return [
      CONFIG_MARKER,
      `# ${mirrorDir} holds no provider, so nothing is installed from it: every provider comes`,
      "# from its registry, as it would without this file.",
      "",
    ].join("\n");
  }
  const list = addresses.map((a) => `      ${JSON.stringify(a)},`).join("\n");
  return [
    CONFIG_MARKER,
    "provider_installation {",
    "  filesystem_mirror {",
    `    path    = ${JSON.stringify(mirrorDir)}`,
    "    include = [",
    list,
    "    ]",
    "  }",
    "  direct {",
    "    exclude = [",
    list,
    "    ]",
    "  }",
    "}",
    "",
  ].join("\n");
}

/** Refuses a file tsvider did not write: checked before any work, and again on writing. */
export async function checkCliConfigWritable(file: string): Promise<void> {
  const existing = await readFile(file, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw new CliError(`cannot read ${file} (${err.message}): give --write-config a file tsvider may write`);
  });
  if (existing !== undefined && !existing.startsWith(CONFIG_MARKER)) {
    throw new CliError(
      `${file} exists and was not written by tsvider: give --write-config a file of its own (and set TF_CLI_CONFIG_FILE to it), or run without --write-config and copy the printed provider_installation block into ${file} yourself`,
    );
  }
}

/** Writes the configuration, refusing to overwrite a file tsvider did not write. */
export async function writeCliConfig(file: string, content: string): Promise<void> {
  await checkCliConfigWritable(file);
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.tsvider-${process.pid}.partial`;
  try {
    await writeFile(partial, content);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
