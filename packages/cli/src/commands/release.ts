// `tsvider release`: the zips, SHA256SUMS, its signature, the registry manifest and a provider
// mirror for one version (the work is in ../release/).
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CliError, defineCommand } from "../cli/command.js";
import { loadProject } from "../project.js";
import { formatBytes, releasePlatforms, releaseProvider } from "../release/release.js";
import { loadSigningKey, SIGNING_KEY_VARIABLE, SIGNING_PASSPHRASE_VARIABLE } from "../release/signing.js";

export const releaseCommand = defineCommand({
  name: "release",
  summary: "Build, zip, checksum and sign a provider version for every platform, with a provider mirror",
  description: [
    "Builds the provider for each platform (a Node single executable; --script for the small",
    "bundled script that needs node on the target) and writes into the release directory:",
    "terraform-provider-NAME_VERSION_OS_ARCH.zip per platform, terraform-provider-NAME_VERSION_manifest.json",
    "(the registry manifest, with the plugin protocol versions the built provider serves),",
    "terraform-provider-NAME_VERSION_SHA256SUMS and its detached OpenPGP signature ..._SHA256SUMS.sig:",
    "the assets a registry reads from a GitHub release.",
    "",
    "mirror/ holds the same zips for registry.opentofu.org and registry.terraform.io in the packed",
    "filesystem-mirror layout, with the provider network mirror protocol's index.json and",
    "VERSION.json (h1: and zh: hashes) beside them: serve mirror/ over HTTPS and point a",
    "network_mirror at it, or use it as a filesystem_mirror or with `tofu providers lock -fs-mirror`.",
    "",
    `The signing key is an armored OpenPGP private key in ${SIGNING_KEY_VARIABLE} (its passphrase in`,
    `${SIGNING_PASSPHRASE_VARIABLE}); registries that take uploaded keys accept RSA and DSA keys.`,
    "Everything is made in a temporary directory and moved into place at the end: a failed or",
    "interrupted release leaves the output directory as it was.",
  ].join("\n"),
  options: {
    platform: {
      type: "string",
      multiple: true,
      valueName: "os_arch",
      description:
        "A platform to release for, such as linux_amd64; default: linux_amd64, linux_arm64, darwin_amd64, darwin_arm64, windows_amd64.",
    },
    out: { type: "string", valueName: "dir", description: "The release directory (default: dist/release)." },
    script: {
      type: "boolean",
      description:
        "Ship the bundled node script instead of a single executable (needs node on the target; no Windows).",
    },
    unsigned: {
      type: "boolean",
      description: "Make no SHA256SUMS.sig (no signing key needed): for mirrors and tests.",
    },
    "node-version": {
      type: "string",
      valueName: "version",
      description:
        "The Node version inside every platform's executable, such as 24.11.0 (default: the newest LTS on the npm registry).",
    },
  },
  examples: [
    {
      command: `${SIGNING_KEY_VARIABLE}="$(gpg --armor --export-secret-keys KEYID)" tsvider release`,
      explanation: "Release for the five default platforms into dist/release, signed.",
    },
    {
      command: "tsvider release --platform linux_amd64 --platform linux_arm64 --out /tmp/rel --unsigned",
      explanation: "Two Linux platforms, unsigned, for a private mirror.",
    },
    {
      command: "tsvider release --script --unsigned --json",
      explanation: "Node-script providers for Linux and macOS; the files, sizes and hashes as JSON.",
    },
  ],
  async run({ options, cwd, env, progress, signal }) {
    const project = loadProject(cwd);
    const kind = options.script === true ? "script" : "sea";
    // Bad platform names and a missing or locked key fail before anything is built.
    const platforms = releasePlatforms(options.platform, kind, progress);
    if (
      options.unsigned === true &&
      env[SIGNING_KEY_VARIABLE] !== undefined &&
      env[SIGNING_KEY_VARIABLE] !== ""
    ) {
      progress.warn(`--unsigned: ${SIGNING_KEY_VARIABLE} is set but not used`);
    }
    const signingKey = options.unsigned === true ? undefined : await loadSigningKey(env);
    if (signingKey !== undefined) {
      progress.step(
        `signing key ${signingKey.fingerprint} (${signingKey.algorithm}) ${signingKey.userIds.join(", ")}`,
      );
      if (!signingKey.registryCompatible) {
        progress.warn(
          `the signing key is ${signingKey.algorithm}: the OpenTofu registry and tofu accept it, but HCP Terraform's registry takes only RSA and DSA keys`,
        );
      }
    }
    const outDir = resolve(cwd, options.out ?? resolve(project.root, "dist/release"));
    if (signal.aborted) throw new CliError("release interrupted: nothing was written");
    const result = await releaseProvider({
      project,
      outDir,
      platforms,
      kind,
      env,
      progress,
      signal,
      ...(signingKey === undefined ? {} : { signingKey }),
      ...(options["node-version"] === undefined ? {} : { nodeVersion: options["node-version"] }),
    });
    checkRepositoryManifest(project.root, result.manifest, progress.warn);
    const shown = displayPath(cwd, result.outDir);
    const width = Math.max(...result.files.map((f) => f.path.length));
    const text = [
      `Released ${result.address.namespace}/${result.address.type} ${result.address.version} (${result.kind}, protocol ${result.protocolVersions.join(", ")}) into ${shown}:`,
      ...result.files.map(
        (f) => `  ${f.path.padEnd(width)}  ${formatBytes(f.bytes).padStart(10)}  ${f.sha256}`,
      ),
      "",
      ...result.platforms.map((p) => `  ${p.platform.padEnd(14)} ${p.h1}  ${p.zh}`),
      "",
      ...result.platforms
        .filter((p) => p.needsSigning)
        .map(
          (p) =>
            `${p.platform}: the executable is not code-signed, and macOS refuses to run it; release darwin platforms on a Mac or with rcodesign on PATH.`,
        ),
      result.signature === undefined
        ? "Unsigned (--unsigned): registries need SHA256SUMS.sig."
        : `Signed by ${result.signature.fingerprint} (signing key ${result.signature.signingKeyId}); upload that public key to the registry.`,
      `Provider mirror: ${displayPath(cwd, result.mirrorDir)} (serve it over HTTPS for network_mirror, or use it as a filesystem_mirror).`,
    ].join("\n");
    return { text, data: result };
  },
});

/**
 * The registry reads the protocol versions from terraform-registry-manifest.json at the
 * repository root (release tooling copies it as the _manifest.json asset): say so when the
 * project's is missing or says something else than the built provider serves. The release
 * does not write it, as it changes nothing outside the release directory.
 */
function checkRepositoryManifest(root: string, manifest: string, warn: (message: string) => void): void {
  const file = join(root, "terraform-registry-manifest.json");
  const expected = JSON.stringify(JSON.parse(manifest));
  if (!existsSync(file)) {
    warn(`${file} is missing: registries expect it at the repository root; create it with ${expected}`);
    return;
  }
  let actual: string;
  try {
    actual = JSON.stringify(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    actual = "";
  }
  if (actual !== expected) warn(`${file} does not match the built provider: set it to ${expected}`);
}

/** Relative to where the command ran when below it, else absolute. */
function displayPath(cwd: string, path: string): string {
  const shown = relative(cwd, path);
  return shown === "" ? "." : shown.startsWith("..") ? path : shown;
}
