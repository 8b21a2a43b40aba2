// `tsvider install`: build the project's provider and put it where `tofu init` finds it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CliError, defineCommand, ExitCode } from "../cli/command.js";
import { buildExecutable } from "../executable/executable.js";
import { checkCliConfigWritable, mirrorInstallationConfig, writeCliConfig } from "../install/cli-config.js";
import {
  defaultMirrorDir,
  installIntoMirror,
  mirroredProviders,
  uninstallFromMirror,
} from "../install/mirror.js";
import { loadProject } from "../project.js";

export const installCommand = defineCommand({
  name: "install",
  summary: "Build the provider and put it in a local mirror for tofu init",
  description: [
    "Builds the project's provider for this machine (as `tsvider build` does: a single executable",
    "with the newest Node LTS inside, or the one --node-version names) and places it in a",
    "filesystem mirror in the",
    "packed layout (HOST/NAMESPACE/TYPE/terraform-provider-TYPE_VERSION_OS_ARCH.zip, under both",
    "registry.opentofu.org and registry.terraform.io), then prints the CLI configuration that makes",
    "tofu and terraform install it from there, or writes it with --write-config; `tofu init` then",
    "records the package's h1: hash in the lock file. Every version stays until uninstalled, so two",
    "projects can use two versions side by side. Builds are reproducible, so installing unchanged",
    "code again is a no-op that says so, with the same h1:; installing a version again with other",
    "contents (changed code, dependencies or Node) is refused unless --reinstall. The default",
    "mirror is $XDG_DATA_HOME/tsvider/mirror",
    "(~/.local/share/tsvider/mirror when XDG_DATA_HOME is not set). With --snapshot the single",
    "executable carries a V8 start-up snapshot, as `tsvider build --snapshot` makes it; such a build",
    "differs every time, so installing the same version again needs --reinstall.",
  ].join("\n"),
  options: {
    mirror: { type: "string", valueName: "dir", description: "The filesystem mirror to install into." },
    reinstall: {
      type: "boolean",
      description: "Replace this version when the mirror has other contents for it.",
    },
    uninstall: {
      type: "boolean",
      description: "Remove this version (and only it) from the mirror; nothing is built.",
    },
    "write-config": {
      type: "string",
      valueName: "file",
      description:
        "Write the CLI configuration to this file (for TF_CLI_CONFIG_FILE) instead of printing it.",
    },
    script: {
      type: "boolean",
      description:
        "Install the bundled script (needs node on PATH) instead of a single executable: faster to build.",
    },
    snapshot: {
      type: "boolean",
      description:
        "Install a single executable with a start-up snapshot of the provider's evaluated modules: a faster start.",
    },
    "node-version": {
      type: "string",
      valueName: "version",
      description:
        "The Node version inside the single executable, such as 24.11.0 (default: the newest LTS on the npm registry).",
    },
  },
  examples: [
    {
      command: "tsvider install",
      explanation: "Build and install; print the provider_installation block to use.",
    },
    {
      command: "tsvider install --write-config ~/.tsvider.tfrc && export TF_CLI_CONFIG_FILE=~/.tsvider.tfrc",
      explanation: "Install and write the CLI configuration that tofu init then reads.",
    },
    {
      command: "tsvider install --reinstall",
      explanation: "Replace this version after changing the code without bumping it.",
    },
    { command: "tsvider install --uninstall", explanation: "Remove this project's version from the mirror." },
  ],
  async run({ options, cwd, env, progress, signal }) {
    if (options.reinstall === true && options.uninstall === true) {
      throw new CliError("--reinstall and --uninstall contradict each other: give one of them", {
        exitCode: ExitCode.usage,
      });
    }
    const project = loadProject(cwd);
    const mirrorDir = options.mirror === undefined ? defaultMirrorDir(env) : resolve(cwd, options.mirror);
    const address = `${project.namespace}/${project.type}`;
    const configFile =
      options["write-config"] === undefined ? undefined : resolve(cwd, options["write-config"]);
    if (configFile !== undefined) await checkCliConfigWritable(configFile);
    const what = { namespace: project.namespace, type: project.type, version: project.version, mirrorDir };

    let summary: string[];
    let result: Record<string, unknown>;
    if (options.uninstall === true) {
      const removed = await uninstallFromMirror(what);
      summary =
        removed.length === 0
          ? [`${address} ${project.version} was not in ${mirrorDir}: nothing to remove.`]
          : [`Removed ${address} ${project.version} from ${mirrorDir} (${removed.length} package file(s)).`];
      result = { action: "uninstall", address, version: project.version, mirror: mirrorDir, removed };
    } else {
      const outDir = await mkdtemp(join(tmpdir(), "tsvider-install-build-"));
      try {
        const built = await buildExecutable({
          project,
          outDir,
          kind: options.script === true ? "script" : "sea",
          ...(options.snapshot === true ? { snapshot: true } : {}),
          ...(options["node-version"] === undefined || options.script === true
            ? {}
            : { nodeVersion: options["node-version"] }),
          progress,
          signal,
          env,
        });
        signal.throwIfAborted();
        progress.step(`installing into ${mirrorDir}`);
        const installed = await installIntoMirror({
          ...what,
          executable: built.path,
          platform: built.platform,
          ...(options.reinstall === true ? { reinstall: true } : {}),
        });
        const verb = {
          installed: "Installed",
          unchanged: "Already installed, unchanged (the same build, the same lock-file hash):",
          replaced: "Reinstalled",
        }[installed.status];
        const kindText =
          built.kind === "sea"
            ? `single executable, Node ${built.nodeVersion ?? ""}${built.snapshot ? ", start-up snapshot" : ""}`
            : "script";
        summary = [
          `${verb} ${address} ${project.version} (${installed.platform}, ${kindText}) in ${mirrorDir}`,
          `  lock-file hash: ${installed.h1}`,
        ];
        if (installed.replacedH1 !== undefined) {
          summary.push(
            `  It replaced ${installed.replacedH1}: configurations whose .terraform.lock.hcl recorded that fail \`tofu init\` until you remove the provider's block from the lock file and run \`tofu init\` again.`,
          );
        }
        result = {
          action: "install",
          status: installed.status,
          address,
          version: project.version,
          platform: installed.platform,
          kind: built.kind,
          ...(built.nodeVersion === undefined ? {} : { nodeVersion: built.nodeVersion }),
          mirror: mirrorDir,
          zips: installed.zipPaths,
          h1: installed.h1,
          zh: installed.zh,
          ...(installed.replacedH1 === undefined ? {} : { replacedH1: installed.replacedH1 }),
        };
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    }

    const addresses = await mirroredProviders(mirrorDir);
    const config = mirrorInstallationConfig(mirrorDir, addresses);
    const uninstalled = options.uninstall === true;
    if (configFile !== undefined) {
      await writeCliConfig(configFile, config);
      summary.push(
        "",
        addresses.length === 0
          ? `Wrote the CLI configuration to ${configFile}: ${mirrorDir} holds no provider any more, so it installs nothing from the mirror and tofu and terraform use their registries for every provider.`
          : `Wrote the CLI configuration to ${configFile}; use it with:`,
        ...(addresses.length === 0 ? [] : [`  export TF_CLI_CONFIG_FILE=${configFile}`]),
      );
    } else if (addresses.length === 0) {
      // Nothing left to install from the mirror: a block with empty lists would be one to delete.
      summary.push(
        "",
        `${mirrorDir} holds no provider any more, so your CLI configuration needs nothing for it: remove the provider_installation block \`tsvider install\` printed from the file TF_CLI_CONFIG_FILE names (or ~/.tofurc / ~/.terraformrc), and tofu and terraform install every provider from its registry.`,
      );
    } else {
      summary.push(
        "",
        uninstalled
          ? `Keep this CLI configuration for the providers still in ${mirrorDir} (in the file TF_CLI_CONFIG_FILE names, or ~/.tofurc / ~/.terraformrc; --write-config FILE writes it):`
          : "Use this CLI configuration (in the file TF_CLI_CONFIG_FILE names, or ~/.tofurc / ~/.terraformrc; --write-config FILE writes it):",
        "",
        config,
      );
    }
    return {
      text: summary.join("\n"),
      data: { ...result, providers: addresses, config, ...(configFile === undefined ? {} : { configFile }) },
    };
  },
});
