// `tsvider new`: a provider project whose tests pass right away. Every file is written into a
// temporary sibling of the target which is renamed into place at the end, so a failure or a
// Ctrl-C leaves either the whole project or nothing.
import { mkdir, mkdtemp, readdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { CliError, ExitCode } from "../cli/command.js";
import { providerTypeProblem } from "../project.js";
import { scaffoldFiles } from "./template.js";
import { type ScaffoldVersions, scaffoldVersions } from "./versions.js";

export interface NewProjectOptions {
  /** The provider type: `acme` makes terraform-provider-acme. */
  readonly type: string;
  /** Where the project goes; default `terraform-provider-<type>` under cwd. */
  readonly dir?: string;
  /** The registry namespace; default: the type. */
  readonly namespace?: string;
  readonly cwd: string;
  /** Default: the versions this CLI was installed with. */
  readonly versions?: ScaffoldVersions;
  readonly signal?: AbortSignal;
}

export interface NewProject {
  readonly root: string;
  readonly type: string;
  readonly namespace: string;
  /** Relative paths of the files written. */
  readonly files: readonly string[];
}

const ADDRESS_PART = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export async function createProject(options: NewProjectOptions): Promise<NewProject> {
  const typeProblem = providerTypeProblem(options.type);
  if (typeProblem !== undefined) {
    throw new CliError(`${typeProblem}; run \`tsvider new <type>\` with a valid one`, {
      exitCode: ExitCode.usage,
    });
  }
  if (options.type.includes("-")) {
    // The registry allows it, but Terraform finds a resource's provider by the prefix of its
    // type name (acme-cloud_server), and the framework's type names are identifiers.
    throw new CliError(
      `"${options.type}" has a dash, which the provider's resource and data source type names (${options.type}_file) would need and may not have: choose a type without one, such as "${options.type.replaceAll("-", "")}"`,
      { exitCode: ExitCode.usage },
    );
  }
  const namespace = options.namespace ?? options.type;
  if (!ADDRESS_PART.test(namespace)) {
    throw new CliError(
      `"${namespace}" is not a valid registry namespace: use lowercase letters, digits and dashes, not starting or ending with a dash (for example "acme")`,
      { exitCode: ExitCode.usage },
    );
  }
  const root = resolve(options.cwd, options.dir ?? `terraform-provider-${options.type}`);
  const existing = await readdir(root).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    if (err.code === "ENOTDIR") throw new CliError(`${root} is a file: choose another directory with --dir`);
    throw err;
  });
  if (existing !== undefined && existing.length > 0) {
    throw new CliError(
      `${root} already exists and is not empty: choose a new directory with --dir, or remove it first`,
    );
  }

  const files = scaffoldFiles({
    type: options.type,
    namespace,
    versions: options.versions ?? scaffoldVersions(),
  });
  // Parents made here go again if the project is not finished.
  const createdParent = await mkdir(dirname(root), { recursive: true });
  // A sibling, so the final rename stays on one file system.
  const staging = await mkdtemp(join(dirname(root), `.${basename(root)}.tsvider-new-`));
  let done = false;
  try {
    for (const [path, content] of files) {
      options.signal?.throwIfAborted();
      await mkdir(dirname(join(staging, path)), { recursive: true });
      await writeFile(join(staging, path), content);
    }
    options.signal?.throwIfAborted();
    // An empty directory the user made for the project is replaced by the finished one.
    if (existing !== undefined) await rmdir(root);
    await rename(staging, root);
    done = true;
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (!done && createdParent !== undefined) await rm(createdParent, { recursive: true, force: true });
  }
  return { root, type: options.type, namespace, files: [...files.keys()] };
}
