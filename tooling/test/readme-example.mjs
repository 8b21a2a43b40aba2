// Every package README carries an example; these helpers let the package's tests run it as
// written, so an example that stops working fails CI.
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { transform } from "esbuild";

const COOKIE = { TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2" };

/**
 * Writes a ```ts block of packageDir/README.md (the first, or the one `index` counts from 0)
 * as an ES module inside the package, where imports of the package's own name resolve to its
 * build (Node's self-reference), and returns the module's path.
 */
export async function writeReadmeExample(packageDir, index = 0) {
  const readme = await readFile(join(packageDir, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)];
  const block = blocks[index];
  if (!block) throw new Error(`${packageDir}/README.md has no \`\`\`ts example number ${index + 1}`);
  const { code } = await transform(block[1], { loader: "ts", format: "esm", target: "node20" });
  const dir = join(packageDir, ".readme-example");
  await mkdir(dir, { recursive: true });
  const file = join(dir, index === 0 ? "example.mjs" : `example-${index + 1}.mjs`);
  await writeFile(file, code);
  return file;
}

/** Runs a module with node to completion (in `cwd` when given). */
export function runModule(file, args = [], env = process.env, cwd = undefined) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts a module as a go-plugin plugin (cookie set, protocol 6 offered, no TLS) and resolves
 * once it printed its handshake line.
 */
export function startPlugin(file, env = {}) {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, ...COOKIE, PLUGIN_PROTOCOL_VERSIONS: "1,6", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on("close", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const [, , network, address] = line.split("|");
      resolve({ line, network, address, child, exited });
    });
    exited.then((code) => reject(new Error(`plugin exited with ${code} before its handshake:\n${stderr}`)));
  });
}
