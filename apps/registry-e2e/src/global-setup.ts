// Starts a real npm registry (Verdaccio) on 127.0.0.1 with its storage in a temporary folder,
// makes a user on it, publishes every package the way a release does (the release tooling's
// stageRelease and publishStaged), and hands the tests its URL. @tsvider/* and `tsvider` are
// served from that storage only; every other package comes through it from the public npm
// registry, as a user's install would fetch esbuild or vitest.
//
// Starting the registry and publishing are part of what is tested: a failure here fails the run
// with the step that failed and its output. Progress goes to stderr, as the steps take a while.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import type { TestProject } from "vitest/node";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(appDir, "..", "..");

function log(message: string): void {
  process.stderr.write(`[registry] ${message}\n`);
}

/** The release tooling's API, as tooling/release/publish.mjs exports it. */
interface ReleaseTooling {
  stageRelease(options: { workDir: string; log: (line: string) => void }): Promise<{
    versions: Record<string, string>;
  }>;
  publishStaged(options: {
    workDir: string;
    registry: string;
    userconfig: string;
    log: (line: string) => void;
  }): Promise<{ versions: Record<string, string>; published: string[] }>;
}

async function releaseTooling(): Promise<ReleaseTooling> {
  const file = join(repoRoot, "tooling", "release", "publish.mjs");
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: the registry tests publish with the release tooling's stageRelease and publishStaged`,
    );
  }
  return (await import(pathToFileURL(file).href)) as ReleaseTooling;
}

/** Verdaccio's configuration: our packages local only (publish needs a login), the rest proxied. */
function verdaccioConfig(storage: string, htpasswd: string): string {
  const local = (pattern: string) =>
    [
      `  '${pattern}':`,
      "    access: $all",
      "    publish: $authenticated",
      "    unpublish: $authenticated",
    ].join("\n");
  return [
    `storage: ${JSON.stringify(storage)}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(htpasswd)}`,
    "    max_users: 10",
    "uplinks:",
    "  npmjs:",
    "    url: https://registry.npmjs.org/",
    "    timeout: 120s",
    "    max_fails: 20",
    "packages:",
    local("@tsvider/*"),
    local("tsvider"),
    "  '**':",
    "    access: $all",
    "    publish: $authenticated",
    "    proxy: npmjs",
    // Packages of up to the size of a provider's dependencies; the default (10 MB) is enough for
    // ours, a larger limit only keeps a future package from failing here first.
    "max_body_size: 200mb",
    "log: { type: stdout, format: pretty, level: warn }",
    "",
  ].join("\n");
}

/** Starts the registry in a child process; resolves with its port once it listens. */
function startVerdaccio(configFile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(appDir, "scripts", "serve-verdaccio.mjs"), configFile], {
    // A pipe on stdin that the registry watches: it stops when this process goes, even killed.
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      try {
        const { port } = JSON.parse(line) as { port: number };
        resolve({ child, port });
      } catch {
        output += `${line}\n`;
      }
    });
    child.on("error", (error) => reject(new Error(`cannot start verdaccio: ${error.message}`)));
    child.on("exit", (code) => {
      reject(new Error(`verdaccio exited (code ${String(code)}) before listening:\n${output}`));
    });
  });
}

/** Makes a user with htpasswd auth (what `npm adduser` does) and returns its token. */
async function addUser(registry: string): Promise<string> {
  const name = "tsvider-e2e";
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, registry), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: "registry-e2e-only", type: "user" }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || typeof body.token !== "string") {
    throw new Error(`the registry refused to create a user (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** What the registry serves for name@version: the tarball's size, unpacked size and file count. */
async function publishedSize(registry: string, name: string, version: string): Promise<string> {
  const response = await fetch(new URL(name.replace("/", "%2f"), registry));
  const packument = (await response.json()) as {
    versions?: Record<string, { dist?: { tarball?: string } }>;
  };
  const url = packument.versions?.[version]?.dist?.tarball;
  if (url === undefined) throw new Error(`${registry} serves no ${name}@${version} after publishing`);
  const tarball = await fetch(url);
  if (!tarball.ok) throw new Error(`${registry} does not serve ${url} (${tarball.status})`);
  const packed = Buffer.from(await tarball.arrayBuffer());
  const { bytes, files } = tarContents(gunzipSync(packed));
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return `published ${name}@${version}: tarball ${kib(packed.length)}, unpacked ${kib(bytes)}, ${files} files`;
}

/** The total size and number of the regular files in an (uncompressed) tar archive. */
function tarContents(tar: Buffer): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(
      header.subarray(124, 136).toString("ascii").replace(/\0.*$/, "").trim() || "0",
      8,
    );
    const type = String.fromCharCode(header[156] ?? 0);
    if (type === "0" || type === "\0") {
      bytes += size;
      files++;
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return { bytes, files };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "tsvider-registry-")));
  let child: ChildProcess | undefined;
  const teardown = async () => {
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(root, { recursive: true, force: true });
    log(`stopped; removed ${root}`);
  };
  try {
    const storage = join(root, "storage");
    await mkdir(storage);
    const configFile = join(root, "config.yaml");
    await writeFile(configFile, verdaccioConfig(storage, join(root, "htpasswd")));
    log(`starting verdaccio (storage ${storage})`);
    const started = await startVerdaccio(configFile);
    child = started.child;
    const registry = `http://127.0.0.1:${started.port}/`;
    log(`verdaccio listens on ${registry}`);

    const token = await addUser(registry);
    const userconfig = join(root, "publish.npmrc");
    await writeFile(
      userconfig,
      [`registry=${registry}`, `//127.0.0.1:${started.port}/:_authToken=${token}`, ""].join("\n"),
    );

    const tooling = await releaseTooling();
    const workDir = join(root, "release");
    log("staging the release (built dist folders, changeset version)");
    const { versions } = await tooling.stageRelease({ workDir, log });
    await tooling.publishStaged({ workDir, registry, userconfig, log });
    for (const [name, version] of Object.entries(versions)) log(await publishedSize(registry, name, version));

    project.provide("registryUrl", registry);
    project.provide("publishUserconfig", userconfig);
    project.provide("releaseWorkDir", workDir);
    project.provide("publishedVersions", versions);
    const npmCache = join(root, "npm-cache");
    await mkdir(npmCache);
    project.provide("npmCache", npmCache);
    const userNpmrc = join(root, "user.npmrc");
    await writeFile(userNpmrc, `registry=${registry}\n`);
    project.provide("userNpmrc", userNpmrc);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
