// Starts a real npm registry (Verdaccio) on 127.0.0.1 with its storage in a temporary folder,
// makes a user on it, publishes every package the way a release does (the release tooling's
// stageRelease, then a release's packing and upload: see publish-release.ts), and hands the
// tests its URL. @tsvider/* and `tsvider` are served from that storage only; every other
// package comes through it from the public npm registry, as a user's install would fetch
// esbuild or vitest.
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
import type { TestProject } from "vitest/node";
import { checkPublished, packStaged, publishTarball } from "./publish-release.js";

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
  /** The environment with the pnpm this repository pins first on PATH. */
  toolEnv(): Promise<NodeJS.ProcessEnv>;
}

async function releaseTooling(): Promise<ReleaseTooling> {
  const file = join(repoRoot, "tooling", "release", "publish.mjs");
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: the registry tests stage the release with the release tooling's stageRelease`,
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
    const destination = join(root, "tarballs");
    log(`packing every package (pnpm -r pack) into ${destination}`);
    const packed = await packStaged({ workDir, destination, versions, env: await tooling.toolEnv() });
    log(`publishing ${packed.map(({ name, version }) => `${name}@${version}`).join(", ")} to ${registry}`);
    await Promise.all(packed.map(({ file }) => publishTarball({ registry, token, file })));
    for (const pkg of packed) log(await checkPublished(registry, pkg));

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
