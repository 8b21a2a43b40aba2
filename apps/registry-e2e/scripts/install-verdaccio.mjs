// Installs the registry the tests start (Verdaccio, from npm) into ../verdaccio/node_modules,
// exactly as ../verdaccio/package-lock.json pins it. It runs before the tests (the package's
// `test` script), never inside a test hook: a cold install takes tens of seconds. A stamp of the
// lock file's hash makes a second run a no-op.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "verdaccio");
const lock = readFileSync(join(dir, "package-lock.json"));
const hash = createHash("sha256").update(lock).digest("hex");
const stamp = join(dir, "node_modules", ".installed-from-lock");

if (existsSync(stamp) && readFileSync(stamp, "utf8") === hash) {
  process.stderr.write(`verdaccio: already installed in ${dir}\n`);
} else {
  process.stderr.write(`verdaccio: npm ci in ${dir}\n`);
  // Only npm's own settings for the public registry: the workspace's pnpm settings do not apply.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  execFileSync(
    "npm",
    ["ci", "--no-audit", "--no-fund", "--loglevel=error", "--registry=https://registry.npmjs.org/"],
    {
      cwd: dir,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  writeFileSync(stamp, hash);
}
