// A real release of the reference provider for two platforms, signed with a throwaway key, then
// installed by tofu from it: over HTTPS on loopback through network_mirror (init + apply), and
// with `tofu providers lock -fs-mirror` for both platforms.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, normalize, resolve } from "node:path";
import { promisify } from "node:util";
import { parseLockFile, resolveTofu, zhHash } from "@tsvider/conformance";
import { createServerCertificate } from "@tsvider/rpcplugin";
import * as openpgp from "openpgp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError } from "../cli/command.js";
import { loadProject } from "../project.js";
import { type ReleaseResult, releasePlatforms, releaseProvider } from "./release.js";
import { loadSigningKey } from "./signing.js";

const run = promisify(execFile);
const referenceProvider = resolve(import.meta.dirname, "../../../../apps/terraform-provider-tsvider");
const silent = { step() {}, detail() {}, warn() {} };

/** The entries of a zip's central directory: name, Unix mode and whether it is a directory. */
function zipEntries(zip: Buffer): { name: string; mode: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: { name: string; mode: number }[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const mode = zip.readUInt32LE(offset + 38) >>> 16;
    entries.push({ name: zip.subarray(offset + 46, offset + 46 + nameLength).toString("utf8"), mode });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function serveDirectory(
  root: string,
  tls: { certificatePem: string; privateKeyPem: string },
): Promise<Server> {
  const server = createServer({ cert: tls.certificatePem, key: tls.privateKeyPem }, (request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? "/", "https://x").pathname)));
    if (!path.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    readFile(path).then(
      // tofu refuses mirror documents without a JSON Content-Type.
      (data) =>
        response
          .writeHead(200, { "content-type": path.endsWith(".json") ? "application/json" : "application/zip" })
          .end(data),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/**
 * Serves the release's mirror over HTTPS on loopback (tofu's network_mirror takes only https,
 * so a self-signed certificate is trusted through SSL_CERT_FILE), runs init and apply, and
 * checks the lock file holds this platform's h1: and zh: hashes.
 */
async function installThroughNetworkMirror(
  release: ReleaseResult,
  dir: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<void> {
  const tofu = resolveTofu();
  const tls = createServerCertificate();
  const server = await serveDirectory(release.mirrorDir, tls);
  try {
    const port = (server.address() as AddressInfo).port;
    await mkdir(dir);
    await writeFile(join(dir, "ca.pem"), tls.certificatePem);
    await writeFile(
      join(dir, "cli.tfrc"),
      `provider_installation {\n  network_mirror {\n    url = "https://localhost:${port}/"\n  }\n}\n`,
    );
    await writeFile(
      join(dir, "main.tf"),
      [
        'terraform {\n  required_providers {\n    tsvider = { source = "tsvider/tsvider", version = "0.1.0" }\n  }\n}',
        `resource "tsvider_file_content" "greeting" {\n  filename = ${JSON.stringify(join(dir, "hello.txt"))}\n  content  = "released\\n"\n}`,
        "",
      ].join("\n"),
    );
    const env = {
      ...process.env,
      TF_CLI_CONFIG_FILE: join(dir, "cli.tfrc"),
      SSL_CERT_FILE: join(dir, "ca.pem"),
      TF_IN_AUTOMATION: "1",
      CHECKPOINT_DISABLE: "1",
      ...extraEnv,
    };
    await run(tofu, ["init", "-input=false", "-no-color"], { cwd: dir, env });
    const [locked] = parseLockFile(await readFile(join(dir, ".terraform.lock.hcl"), "utf8"));
    const here = release.platforms.find((p) => p.platform === "linux_amd64");
    expect(locked?.address).toBe("registry.opentofu.org/tsvider/tsvider");
    expect([...(locked?.hashes ?? [])].sort()).toEqual([here?.h1, here?.zh].sort());
    await run(tofu, ["apply", "-auto-approve", "-input=false", "-no-color"], { cwd: dir, env });
    expect(await readFile(join(dir, "hello.txt"), "utf8")).toBe("released\n");
  } finally {
    server.close();
  }
}

describe("releaseProvider", () => {
  let work: string;
  let release: ReleaseResult;
  let armoredPublicKey: string;
  let fingerprint: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "tsvider-release-"));
    const key = await openpgp.generateKey({
      type: "ecc",
      curve: "curve25519Legacy",
      userIDs: [{ name: "Release Test", email: "release@example.test" }],
      passphrase: "correct horse",
      format: "armored",
    });
    armoredPublicKey = key.publicKey;
    const signingKey = await loadSigningKey({
      TSVIDER_SIGNING_KEY: key.privateKey,
      TSVIDER_SIGNING_KEY_PASSPHRASE: "correct horse",
    });
    fingerprint = signingKey.fingerprint;
    release = await releaseProvider({
      project: loadProject(referenceProvider),
      outDir: join(work, "release"),
      platforms: ["linux_amd64", "linux_arm64"],
      kind: "script",
      signingKey,
      progress: silent,
    });
  }, 120_000);

  afterAll(async () => {
    if (work !== undefined) await rm(work, { recursive: true, force: true });
  });

  it("writes the zips, manifest, SHA256SUMS and signature, and nothing else beside the mirror", async () => {
    const names = (await readdir(release.outDir)).sort();
    expect(names).toEqual([
      "mirror",
      "terraform-provider-tsvider_0.1.0_SHA256SUMS",
      "terraform-provider-tsvider_0.1.0_SHA256SUMS.sig",
      "terraform-provider-tsvider_0.1.0_linux_amd64.zip",
      "terraform-provider-tsvider_0.1.0_linux_arm64.zip",
      "terraform-provider-tsvider_0.1.0_manifest.json",
    ]);
    expect(release.files.map((f) => f.path)).toEqual(names.filter((n) => n !== "mirror"));
    // No staging directory is left beside the release.
    expect((await readdir(work)).sort()).toEqual(["release"]);
  });

  it("zips only the executable, with mode 0755 and no directory entries; hashes match the lock-file schemes", async () => {
    for (const platform of release.platforms) {
      const zip = await readFile(join(release.outDir, platform.zip));
      const entries = zipEntries(zip);
      expect(entries).toEqual([{ name: "terraform-provider-tsvider_v0.1.0.cjs", mode: 0o100755 }]);
      expect(platform.zh).toBe(zhHash(zip));
      expect(platform.h1).toMatch(/^h1:[A-Za-z0-9+/]{43}=$/);
    }
  });

  it("reads the protocol versions from the built provider into the manifest", async () => {
    // The reference provider serves tfplugin5 and tfplugin6.
    expect(release.protocolVersions).toEqual(["5.0", "6.0"]);
    const manifest = JSON.parse(
      await readFile(join(release.outDir, "terraform-provider-tsvider_0.1.0_manifest.json"), "utf8"),
    );
    expect(manifest).toEqual({ version: 1, metadata: { protocol_versions: ["5.0", "6.0"] } });
  });

  it("lists every zip and the manifest in SHA256SUMS, sorted, in sha256sum format", async () => {
    const sums = await readFile(join(release.outDir, "terraform-provider-tsvider_0.1.0_SHA256SUMS"), "utf8");
    const expected = release.files
      .filter((f) => f.path.endsWith(".zip") || f.path.endsWith("_manifest.json"))
      .map((f) => `${f.sha256}  ${f.path}\n`)
      .sort((a, b) => a.split("  ")[1]!.localeCompare(b.split("  ")[1]!))
      .join("");
    expect(sums).toBe(expected);
    const { stdout } = await run("sha256sum", ["--check", "terraform-provider-tsvider_0.1.0_SHA256SUMS"], {
      cwd: release.outDir,
    });
    expect(stdout.trim().split("\n")).toHaveLength(3);
  });

  it("signs SHA256SUMS with a detached binary signature that openpgp and gpg verify", async () => {
    const sums = await readFile(join(release.outDir, "terraform-provider-tsvider_0.1.0_SHA256SUMS"));
    const binarySignature = await readFile(
      join(release.outDir, "terraform-provider-tsvider_0.1.0_SHA256SUMS.sig"),
    );
    expect(binarySignature[0]! & 0x80).toBe(0x80); // a binary packet, not armor
    const verification = await openpgp.verify({
      message: await openpgp.createMessage({ binary: sums }),
      signature: await openpgp.readSignature({ binarySignature }),
      verificationKeys: await openpgp.readKey({ armoredKey: armoredPublicKey }),
      expectSigned: true,
    });
    expect(verification.signatures).toHaveLength(1);
    expect(release.signature?.fingerprint).toBe(fingerprint);

    const gpg = ["/usr/bin/gpg", "/usr/local/bin/gpg"].find((p) => existsSync(p));
    if (gpg === undefined) return;
    const home = join(work, "gnupg");
    await mkdir(home, { mode: 0o700 });
    await writeFile(join(home, "key.asc"), armoredPublicKey);
    await run(gpg, ["--homedir", home, "--batch", "--import", join(home, "key.asc")]);
    const { stderr } = await run(
      gpg,
      [
        "--homedir",
        home,
        "--batch",
        "--verify",
        "terraform-provider-tsvider_0.1.0_SHA256SUMS.sig",
        "terraform-provider-tsvider_0.1.0_SHA256SUMS",
      ],
      { cwd: release.outDir },
    );
    expect(stderr).toContain("Good signature");
  });

  it("writes the network mirror documents for both registries beside the packed zips", async () => {
    for (const host of release.mirrorHosts) {
      const dir = join(release.mirrorDir, host, "tsvider", "tsvider");
      expect(JSON.parse(await readFile(join(dir, "index.json"), "utf8"))).toEqual({
        versions: { "0.1.0": {} },
      });
      const archives = JSON.parse(await readFile(join(dir, "0.1.0.json"), "utf8")) as {
        archives: Record<string, { url: string; hashes: string[] }>;
      };
      for (const platform of release.platforms) {
        expect(archives.archives[platform.platform]).toEqual({
          url: platform.zip,
          hashes: [platform.h1, platform.zh],
        });
        const zip = await readFile(join(dir, platform.zip));
        expect(zhHash(zip)).toBe(platform.zh);
      }
    }
  });

  it("installs with tofu through an HTTPS network_mirror: h1 and zh in the lock file, and apply works", async () => {
    await installThroughNetworkMirror(release, join(work, "network"));
  }, 60_000);

  it("serves `tofu providers lock -fs-mirror` for both platforms", async () => {
    const tofu = resolveTofu();
    const dir = join(work, "fs-lock");
    await mkdir(dir);
    await writeFile(
      join(dir, "main.tf"),
      'terraform {\n  required_providers {\n    tsvider = { source = "tsvider/tsvider", version = "0.1.0" }\n  }\n}\n',
    );
    await run(
      tofu,
      [
        "providers",
        "lock",
        "-no-color",
        `-fs-mirror=${release.mirrorDir}`,
        "-platform=linux_amd64",
        "-platform=linux_arm64",
      ],
      { cwd: dir, env: { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" } },
    );
    const [locked] = parseLockFile(await readFile(join(dir, ".terraform.lock.hcl"), "utf8"));
    for (const platform of release.platforms) expect(locked?.hashes).toContain(platform.h1);
  }, 60_000);
});

describe("a single-executable release", () => {
  it("installs through the network mirror and runs with no node on PATH", async () => {
    const work = await mkdtemp(join(tmpdir(), "tsvider-release-sea-"));
    try {
      const release = await releaseProvider({
        project: loadProject(referenceProvider),
        outDir: join(work, "release"),
        platforms: ["linux_amd64"],
        progress: silent,
      });
      expect(release.kind).toBe("sea");
      expect(release.protocolVersions).toEqual(["5.0", "6.0"]);
      const zip = await readFile(join(release.outDir, "terraform-provider-tsvider_0.1.0_linux_amd64.zip"));
      expect(zipEntries(zip)).toEqual([{ name: "terraform-provider-tsvider_v0.1.0", mode: 0o100755 }]);
      // An empty PATH: the provider cannot be leaning on a node installed on the machine.
      const emptyBin = join(work, "empty-bin");
      await mkdir(emptyBin);
      await installThroughNetworkMirror(release, join(work, "network"), { PATH: emptyBin });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // A hang guard: a single executable's build, then tofu's init (which hashes its 130 MB) and
    // apply, took 68 to 97 s in CI runs on the 2-core machine and once passed 120 s there.
  }, 300_000);
});

describe("release bad input", () => {
  it("names the variable and --unsigned when the signing key is missing", async () => {
    const error = await loadSigningKey({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(/TSVIDER_SIGNING_KEY.*--unsigned/);
  });

  it("says the passphrase is wrong, or missing", async () => {
    const key = await openpgp.generateKey({
      type: "ecc",
      curve: "curve25519Legacy",
      userIDs: [{ name: "Locked" }],
      passphrase: "right",
      format: "armored",
    });
    const wrong = await loadSigningKey({
      TSVIDER_SIGNING_KEY: key.privateKey,
      TSVIDER_SIGNING_KEY_PASSPHRASE: "wrong",
    }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(CliError);
    expect((wrong as Error).message).toMatch(
      /^TSVIDER_SIGNING_KEY_PASSPHRASE does not unlock the signing key/,
    );
    const missing = await loadSigningKey({ TSVIDER_SIGNING_KEY: key.privateKey }).catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(/set TSVIDER_SIGNING_KEY_PASSPHRASE/);
    const garbage = await loadSigningKey({ TSVIDER_SIGNING_KEY: "not a key" }).catch((e: unknown) => e);
    expect((garbage as Error).message).toMatch(/does not hold an armored OpenPGP private key/);
  });

  it("refuses an unknown platform name before any work, with a usage exit code", () => {
    const error = (() => {
      try {
        releasePlatforms(["linux_amd64", "plan9_amd64"], "sea", silent);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as Error).message).toContain('"plan9_amd64" is not a platform');
  });

  it("describes the key: fingerprint, signing key id, and that registries taking uploads want RSA or DSA", async () => {
    const key = await openpgp.generateKey({
      type: "ecc",
      curve: "curve25519Legacy",
      userIDs: [{ name: "Open", email: "open@example.test" }],
      format: "armored",
    });
    const loaded = await loadSigningKey({ TSVIDER_SIGNING_KEY: key.privateKey });
    const publicKey = await openpgp.readKey({ armoredKey: key.publicKey });
    expect(loaded.fingerprint).toBe(publicKey.getFingerprint().toUpperCase());
    expect(loaded.signingKeyId).toMatch(/^[0-9A-F]{16}$/);
    expect(loaded.userIds).toEqual(["Open <open@example.test>"]);
    expect(loaded.registryCompatible).toBe(false);
  });

  it("writes nothing when interrupted", async () => {
    const work = await mkdtemp(join(tmpdir(), "tsvider-release-abort-"));
    try {
      const controller = new AbortController();
      controller.abort();
      const failure = await releaseProvider({
        project: loadProject(referenceProvider),
        outDir: join(work, "release"),
        platforms: ["linux_amd64"],
        kind: "script",
        progress: silent,
        signal: controller.signal,
      }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(CliError);
      expect(await readdir(work)).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it("leaves the output directory as it was when a build fails", async () => {
    const work = await mkdtemp(join(tmpdir(), "tsvider-release-fail-"));
    try {
      const outDir = join(work, "release");
      await mkdir(outDir);
      await writeFile(join(outDir, "terraform-provider-tsvider_0.0.9_SHA256SUMS"), "earlier\n");
      const failure = await releaseProvider({
        project: loadProject(referenceProvider),
        outDir,
        // A platform that builds, then one that does not.
        platforms: ["darwin_arm64", "linux_arm64"],
        kind: "script",
        progress: silent,
        build: async (options) => {
          if (options.platform === "linux_arm64") throw new CliError("no Node binary for linux_arm64");
          const path = join(options.outDir, "terraform-provider-tsvider_v0.1.0");
          await mkdir(options.outDir, { recursive: true });
          await writeFile(path, "#!/bin/sh\n", { mode: 0o755 });
          return {
            path,
            fileName: "terraform-provider-tsvider_v0.1.0",
            platform: "darwin_arm64",
            kind: "script",
            bytes: 10,
          };
        },
      }).catch((e: unknown) => e);
      expect((failure as Error).message).toBe("no Node binary for linux_arm64");
      expect(await readdir(work)).toEqual(["release"]);
      expect(await readdir(outDir)).toEqual(["terraform-provider-tsvider_0.0.9_SHA256SUMS"]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
