#!/usr/bin/env node
// Checks every publishable package as a user receives it: packed by `pnpm pack` (as a release
// packs it, with `workspace:` ranges replaced), then read from the tarball, not from the
// working tree. publint and @arethetypeswrong/cli (ESM-only profile: the packages are ESM, and
// `require()` of ESM works on every Node they support) must find nothing; our own checks cover
// what those two do not: the files a user expects next to the code, the metadata npm shows,
// the Node floor, and source maps that work without src/.
//
//   node tooling/packaging/check.mjs            self-test, then every package; exit 1 on a problem
//   node tooling/packaging/check.mjs --sizes    the same, then a Markdown table of tarball sizes
//   node tooling/packaging/check.mjs --self-test   only the self-test
//   node tooling/packaging/check.mjs packages/cty  only the packages named (directories)
//
// The self-test packs two fixture packages, one right and one with every problem planted, and
// fails unless the check passes the first and names each planted problem in the second: a check
// that cannot fail proves nothing. dist/ must be built first (./dev build); this script builds
// nothing.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The packages published to npm, by directory under packages/. */
export const publishable = ["cty", "hcl", "rpcplugin", "framework", "components", "conformance", "cli"];

/**
 * The Node versions the packages run on: `require()` of an ES module works without a flag from
 * 20.19 and 22.12 (the packages are ESM only), and 20.19 has everything else they use
 * (AbortSignal.any came in 20.3).
 */
export const nodeFloor = "^20.19.0 || >=22.12.0";

/** Files every tarball carries at its root, beside package.json. */
const requiredFiles = ["README.md", "LICENSE", "CHANGELOG.md"];

// The resolution modes @arethetypeswrong/cli's esm-only profile leaves out: node10 (no
// `exports` support) and CommonJS's `require` under node16 (which finds ESM, as intended).
const attwIgnoredResolutions = new Set(["node10", "node16-cjs"]);

/**
 * @typedef {{ code: string, what: string, fix: string }} Problem
 * @typedef {{ name: string, version: string, tarball: string, bytes: number, unpackedBytes: number, files: number, problems: Problem[], notes: string[] }} Report
 */

/** `pnpm pack` of the package in `dir` into `destination`; the tarball's path. */
export async function pack(dir, destination) {
  let stdout;
  try {
    ({ stdout } = await run("pnpm", ["pack", "--json", "--pack-destination", destination], {
      cwd: dir,
      maxBuffer: 64 << 20,
    }));
  } catch (error) {
    if (error.code === "ENOENT") {
      throw new Error(
        "pnpm is not on PATH: run the check from the root test script (./dev test) or put the pnpm that package.json pins on PATH",
      );
    }
    throw new Error(`pnpm pack failed in ${dir}: ${error.stderr || error.message}`);
  }
  return JSON.parse(stdout).filename;
}

/** Every string target under an `exports` value (conditions and subpaths; null excluded). */
function exportTargets(value, at, out) {
  if (typeof value === "string") out.push({ at, target: value });
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) exportTargets(v, `${at}[${i}]`, out);
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) exportTargets(v, `${at}[${JSON.stringify(key)}]`, out);
  }
  return out;
}

async function listFiles(dir, prefix = "") {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** Whether `target` (a package-relative "./x" path, maybe with one `*`) names a file in `files`. */
function targetShipped(target, files) {
  const rel = path.posix.normalize(target.replace(/^\.\//, ""));
  if (!rel.includes("*")) return files.has(rel);
  const [head, tail] = rel.split("*", 2);
  return [...files].some(
    (f) => f.startsWith(head) && f.endsWith(tail) && f.length >= head.length + tail.length,
  );
}

async function runPublint(tarballBytes) {
  const { messages, pkg } = await publint({
    pack: {
      tarball: tarballBytes.buffer.slice(
        tarballBytes.byteOffset,
        tarballBytes.byteOffset + tarballBytes.length,
      ),
    },
    level: "suggestion",
  });
  const problems = [];
  const notes = [];
  for (const message of messages) {
    const text = `${formatMessage(message, pkg, { color: false }) ?? message.code} [${message.code}]`;
    // Warnings fail the check as errors do: each names something a user meets.
    if (message.type === "suggestion") notes.push(`publint suggests: ${text}`);
    else
      problems.push({
        code: `publint:${message.code}`,
        what: `publint ${message.type}: ${text}`,
        fix: "fix package.json or the files it names (see https://publint.dev/rules)",
      });
  }
  return { problems, notes };
}

async function runAttw(tarball) {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("@arethetypeswrong/cli/package.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const bin = path.join(
    path.dirname(manifestPath),
    typeof manifest.bin === "string" ? manifest.bin : manifest.bin.attw,
  );
  const args = [bin, tarball, "--profile", "esm-only", "--format", "json", "--no-color"];
  let stdout;
  let failed = false;
  try {
    ({ stdout } = await run(process.execPath, args, { maxBuffer: 64 << 20 }));
  } catch (error) {
    ({ stdout } = error);
    failed = true;
  }
  let reported = [];
  try {
    const result = JSON.parse(stdout);
    reported = (result.analysis?.problems ?? []).filter((p) => !attwIgnoredResolutions.has(p.resolutionKind));
  } catch {
    if (failed) reported = [{ kind: `attw failed: ${stdout || "no output"}` }];
  }
  if (failed && reported.length === 0) reported = [{ kind: `attw exited with an error: ${stdout}` }];
  return reported.map((p) => ({
    code: `attw:${p.kind}`,
    what: `@arethetypeswrong/cli: ${p.kind}${p.entrypoint ? ` at "${p.entrypoint}"` : ""}${
      p.resolutionKind ? ` (${p.resolutionKind})` : ""
    }`,
    fix: `see https://github.com/arethetypeswrong/arethetypeswrong.github.io/blob/main/docs/problems/${p.kind}.md`,
  }));
}

/**
 * Our own checks on the unpacked tarball (`dir` holds what npm installs: package.json at its
 * root), given the list of files in it.
 * @returns {Promise<Problem[]>}
 */
async function ownChecks(dir, files, sourceDir) {
  const problems = [];
  const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
  const problem = (code, what, fix) => problems.push({ code, what, fix });

  const onDisk = async (target) =>
    sourceDir !== undefined &&
    (await stat(path.join(sourceDir, target)).then(
      () => true,
      () => false,
    ));
  const checkTarget = async (field, target, code) => {
    if (targetShipped(target, files)) return;
    if (await onDisk(target)) {
      problem(
        code,
        `${field} points at ${target}, which is not in the tarball`,
        `add it to "files" in package.json, or remove ${field} if it is not for users`,
      );
    } else {
      problem(
        code,
        `${field} points at ${target}, which does not exist`,
        "build the package (./dev build) or correct the path in package.json",
      );
    }
  };

  const targets = pkg.exports === undefined ? [] : exportTargets(pkg.exports, "exports", []);
  for (const { at, target } of targets) await checkTarget(at, target, "export-missing");
  const bins = typeof pkg.bin === "string" ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {});
  for (const [name, target] of Object.entries(bins)) await checkTarget(`bin.${name}`, target, "bin-missing");
  for (const field of ["types", "typings", "main", "module"]) {
    if (typeof pkg[field] === "string") await checkTarget(field, pkg[field], "entry-missing");
  }

  for (const file of requiredFiles) {
    if (!files.has(file)) {
      problem(
        `file-missing:${file}`,
        `${file} is not in the tarball`,
        `add ${file} to the package directory and to "files" in package.json`,
      );
    }
  }

  if (files.has("README.md")) {
    const readme = await readFile(path.join(dir, "README.md"), "utf8");
    // The section a user reads first: the first second-level heading.
    const install = /^## Install\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme);
    const firstHeading = /^## .*$/m.exec(readme)?.[0];
    const lacks = [
      [
        `npm install ${pkg.name}`,
        install?.[1].includes(` ${pkg.name}\n`) && install[1].includes("npm install"),
      ],
      ["ESM only", install?.[1].includes("ESM only")],
      [nodeFloor, install?.[1].includes(nodeFloor)],
    ]
      .filter(([, ok]) => !ok)
      .map(([what]) => what);
    if (firstHeading !== "## Install" || lacks.length > 0) {
      problem(
        "readme-install",
        firstHeading !== "## Install"
          ? `README.md does not open with an Install section (its first section is ${JSON.stringify(firstHeading ?? "none")})`
          : `README.md's Install section lacks ${lacks.join(", ")}`,
        `put "## Install" first in README.md: \`npm install ${pkg.name}\`, "ESM only" (import, or require() on Node 20.19+/22.12+), and Node ${nodeFloor}`,
      );
    }
  }

  if (typeof pkg.repository !== "object" || !pkg.repository?.url || !pkg.repository?.directory) {
    problem(
      "metadata:repository",
      "repository is missing or lacks url and directory",
      'set "repository": { "type": "git", "url": "git+https://github.com/tsvider/tsvider.git", "directory": "packages/<dir>" }',
    );
  }
  if (typeof pkg.homepage !== "string" || pkg.homepage === "") {
    problem("metadata:homepage", "homepage is missing", "set homepage to the package's README on GitHub");
  }
  const bugs = typeof pkg.bugs === "string" ? pkg.bugs : pkg.bugs?.url;
  if (typeof bugs !== "string" || bugs === "") {
    problem("metadata:bugs", "bugs is missing", 'set "bugs": "https://github.com/tsvider/tsvider/issues"');
  }
  if (!Array.isArray(pkg.keywords) || pkg.keywords.length === 0) {
    problem("metadata:keywords", "keywords is missing or empty", "add keywords a user would search npm for");
  }
  if (typeof pkg.license !== "string" || pkg.license === "") {
    problem("metadata:license", "license is missing", 'set "license": "Apache-2.0"');
  }
  if (pkg.exports?.["./package.json"] !== "./package.json") {
    problem(
      "package-json-export",
      '"./package.json" is not exported',
      'add "./package.json": "./package.json" to exports (tools read a dependency\'s package.json through it)',
    );
  }
  if (pkg.engines?.node !== nodeFloor) {
    problem(
      "engines-node",
      `engines.node is ${JSON.stringify(pkg.engines?.node)}, not the supported floor "${nodeFloor}"`,
      `set "engines": { "node": "${nodeFloor}" }`,
    );
  }
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies", "devDependencies"]) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (typeof range === "string" && range.startsWith("workspace:")) {
        problem(
          "workspace-range",
          `${field}.${name} is still "${range}" in the packed package.json`,
          "pack and publish with pnpm (pnpm pack / pnpm publish / changeset publish), which replaces workspace: ranges",
        );
      }
    }
  }

  for (const file of [...files].filter((f) => f.endsWith(".map")).sort()) {
    let map;
    try {
      map = JSON.parse(await readFile(path.join(dir, file), "utf8"));
    } catch (error) {
      problem("sourcemap", `${file} is not valid JSON (${error.message})`, "rebuild from a clean dist/");
      continue;
    }
    const sources = Array.isArray(map.sources) ? map.sources : [];
    const contents = Array.isArray(map.sourcesContent) ? map.sourcesContent : [];
    if (sources.length !== contents.length || contents.some((c) => typeof c !== "string")) {
      problem(
        "sourcemap",
        `${file} has no sourcesContent, so it points at ${sources.join(", ") || "nothing"}, which is not shipped`,
        "build with inlineSources (tooling/tsconfig.base.json) from a clean dist/ (rm -rf dist, then ./dev build), or leave maps out of files",
      );
    }
  }
  return problems;
}

/**
 * Checks one tarball. `sourceDir`, when given, is the package directory it was packed from
 * (to tell a file left out of `files` from a file that does not exist).
 * @returns {Promise<Report>}
 */
export async function checkTarball(tarball, workDir, sourceDir) {
  const unpacked = await mkdtemp(path.join(workDir, "unpacked-"));
  await run("tar", ["-xzf", tarball, "-C", unpacked]);
  const dir = path.join(unpacked, "package");
  const fileList = await listFiles(dir);
  const files = new Set(fileList);
  let unpackedBytes = 0;
  for (const f of fileList) unpackedBytes += (await stat(path.join(dir, f))).size;
  const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
  const bytes = await readFile(tarball);
  const [own, lint, types] = await Promise.all([
    ownChecks(dir, files, sourceDir),
    runPublint(bytes),
    runAttw(tarball),
  ]);
  return {
    name: pkg.name,
    version: pkg.version,
    tarball,
    bytes: bytes.length,
    unpackedBytes,
    files: files.size,
    problems: [...lint.problems, ...types, ...own],
    notes: lint.notes,
  };
}

/** Packs the package in `dir` and checks its tarball. */
export async function checkPackage(dir, workDir) {
  const name = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")).name;
  const built = await stat(path.join(dir, "dist")).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!built) {
    return {
      name,
      version: "",
      tarball: "",
      bytes: 0,
      unpackedBytes: 0,
      files: 0,
      problems: [
        {
          code: "not-built",
          what: `${path.relative(root, dir) || dir}/dist does not exist`,
          fix: "run ./dev build first",
        },
      ],
      notes: [],
    };
  }
  const destination = await mkdtemp(path.join(workDir, "pack-"));
  return checkTarball(await pack(dir, destination), workDir, dir);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

function line(report) {
  const verdict = report.problems.length === 0 ? "OK" : `${report.problems.length} problem(s)`;
  const size = report.tarball ? `${kB(report.bytes)} kB, ${report.files} files` : "not packed";
  return `${report.name.padEnd(22)} ${size.padEnd(24)} ${verdict}`;
}

/** A Markdown table of the tarballs' sizes, for release notes. */
export function sizeTable(reports) {
  const rows = reports.map(
    (r) => `| ${r.name} | ${r.version} | ${kB(r.bytes)} | ${kB(r.unpackedBytes)} | ${r.files} |`,
  );
  return [
    "| package | version | tarball (kB) | unpacked (kB) | files |",
    "| --- | --- | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Self-test: a right fixture and a wrong one, packed with tar as npm lays a tarball out.

const fixtureSource = "export const answer = 42;\n";
const fixtureMap = (withSources) =>
  JSON.stringify({
    version: 3,
    file: "index.js",
    sources: ["../src/index.ts"],
    names: [],
    mappings: "AAAA",
    ...(withSources ? { sourcesContent: [fixtureSource] } : {}),
  });

async function writeFixture(dir, { broken }) {
  const pkg = {
    name: broken ? "@tsvider/fixture-broken" : "@tsvider/fixture-right",
    version: "1.0.0",
    description: "a packaging check fixture",
    license: "Apache-2.0",
    type: "module",
    sideEffects: false,
    files: ["dist", "README.md", "LICENSE", "CHANGELOG.md"],
    exports: {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      ...(broken
        ? { "./missing": { types: "./dist/missing.d.ts", default: "./dist/missing.js" } }
        : { "./package.json": "./package.json" }),
    },
    bin: { "fixture-bin": broken ? "./dist/no-such-bin.js" : "./dist/bin.js" },
    engines: { node: broken ? ">=20" : nodeFloor },
    ...(broken
      ? { dependencies: { "@tsvider/cty": "workspace:^" } }
      : {
          keywords: ["fixture"],
          homepage: "https://github.com/tsvider/tsvider#readme",
          bugs: "https://github.com/tsvider/tsvider/issues",
          repository: {
            type: "git",
            url: "git+https://github.com/tsvider/tsvider.git",
            directory: "packages/fixture",
          },
        }),
  };
  await mkdir(path.join(dir, "package", "dist"), { recursive: true });
  const put = (file, text) => writeFile(path.join(dir, "package", file), text, { mode: 0o755 });
  await put("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
  await put(
    "README.md",
    broken
      ? "# fixture\n\n## Usage\n"
      : `# fixture\n\n## Install\n\n\`\`\`sh\nnpm install ${pkg.name}\n\`\`\`\n\nESM only, Node ${nodeFloor}.\n\n## Usage\n`,
  );
  await put("dist/index.js", `${fixtureSource}//# sourceMappingURL=index.js.map\n`);
  await put("dist/index.d.ts", "export declare const answer = 42;\n");
  await put("dist/index.js.map", fixtureMap(!broken));
  await put("dist/bin.js", "#!/usr/bin/env node\nconsole.log(42);\n");
  if (!broken) {
    await put("LICENSE", "Apache License 2.0\n");
    await put("CHANGELOG.md", "# Changelog\n");
  }
  const tarball = path.join(dir, `${pkg.name.replace("@tsvider/", "")}.tgz`);
  await run("tar", ["-czf", tarball, "-C", dir, "package"]);
  return tarball;
}

/** What the broken fixture must be reported for: every planted problem, by code. */
const plantedProblems = [
  "export-missing",
  "bin-missing",
  "file-missing:LICENSE",
  "file-missing:CHANGELOG.md",
  "metadata:repository",
  "metadata:homepage",
  "metadata:bugs",
  "metadata:keywords",
  "package-json-export",
  "engines-node",
  "workspace-range",
  "sourcemap",
  "readme-install",
  "publint:FILE_DOES_NOT_EXIST",
  "attw:NoResolution",
];

/** The self-test's failures (empty when the check finds what it must and nothing more). */
export async function selfTest(workDir) {
  const failures = [];
  const right = await checkTarball(
    await writeFixture(await mkdtemp(path.join(workDir, "right-")), { broken: false }),
    workDir,
  );
  for (const p of right.problems) failures.push(`the right fixture was reported: ${p.what}`);
  const broken = await checkTarball(
    await writeFixture(await mkdtemp(path.join(workDir, "broken-")), { broken: true }),
    workDir,
  );
  const found = new Set(broken.problems.map((p) => p.code));
  for (const code of plantedProblems) {
    if (!found.has(code)) failures.push(`the broken fixture's problem "${code}" was not reported`);
  }
  // A package directory without dist/ is refused before packing, with the command to run.
  const unbuilt = await mkdtemp(path.join(workDir, "unbuilt-"));
  await writeFile(
    path.join(unbuilt, "package.json"),
    JSON.stringify({ name: "@tsvider/fixture-unbuilt", version: "1.0.0" }),
  );
  const refused = await checkPackage(unbuilt, workDir);
  if (!refused.problems.some((p) => p.code === "not-built" && p.fix.includes("./dev build"))) {
    failures.push("a package without dist/ was not refused with ./dev build");
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------

async function main(argv) {
  const sizes = argv.includes("--sizes");
  const onlySelfTest = argv.includes("--self-test");
  const unknown = argv.filter((a) => a.startsWith("--") && a !== "--sizes" && a !== "--self-test");
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown.join(", ")}; use --sizes, --self-test or package directories`);
    return 2;
  }
  const named = argv.filter((a) => !a.startsWith("--")).map((a) => path.resolve(a));
  const dirs = named.length > 0 ? named : publishable.map((d) => path.join(root, "packages", d));

  const workDir = await mkdtemp(path.join(tmpdir(), "tsvider-packaging-"));
  try {
    const failures = await selfTest(workDir);
    if (failures.length > 0) {
      console.error("packaging check self-test FAILED: the check misses problems it must find");
      for (const f of failures) console.error(`  - ${f}`);
      console.error("  fix tooling/packaging/check.mjs");
      return 1;
    }
    console.log(
      `self-test: the check passes a right package and reports all ${plantedProblems.length} planted problems`,
    );
    if (onlySelfTest) return 0;

    // Two at a time: @arethetypeswrong/cli loads TypeScript for each tarball.
    const reports = new Array(dirs.length);
    let next = 0;
    const worker = async () => {
      while (next < dirs.length) {
        const i = next++;
        reports[i] = await checkPackage(dirs[i], workDir);
      }
    };
    await Promise.all([worker(), worker()]);

    for (const report of reports) console.log(line(report));
    const problems = reports.flatMap((r) => r.problems.map((p) => ({ ...p, name: r.name })));
    const notes = reports.flatMap((r) => r.notes.map((n) => `${r.name}: ${n}`));
    for (const note of notes) console.log(`note: ${note}`);
    if (sizes) console.log(`\n${sizeTable(reports.filter((r) => r.tarball))}\n`);
    const total = reports.reduce((sum, r) => sum + r.bytes, 0);
    if (problems.length === 0) {
      console.log(`${reports.length} packages OK (${kB(total)} kB of tarballs)`);
      return 0;
    }
    console.error(
      `\n${problems.length} packaging problem(s) in ${new Set(problems.map((p) => p.name)).size} package(s):`,
    );
    for (const p of problems) console.error(`- ${p.name}: ${p.what}\n    fix: ${p.fix}`);
    return 1;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
