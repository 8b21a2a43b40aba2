// What `changeset version` makes of the pending changesets, on a staged copy of the workspace
// (no build needed: only manifests, docs and changesets are staged): the first release is
// 0.1.0 for every package with a changelog that says so, internal ranges pack to caret ranges,
// and a later patch of one package leaves the others alone.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { addChangeset, stagedVersions, stageRelease, toolEnv, versionStaged } from "./publish.mjs";

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = [];

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

async function freshStage() {
  const workDir = await mkdtemp(join(tmpdir(), "tsvider-release-test-"));
  scratch.push(workDir);
  const { versions } = await stageRelease({ workDir, skipDist: true });
  return { workDir, versions };
}

let first;
/** One staged first release shared by the tests that only read it. */
function firstRelease() {
  first ??= freshStage();
  return first;
}

async function publishableInRepo() {
  const names = {};
  for (const entry of await readdir(join(repoRoot, "packages"))) {
    const json = JSON.parse(await readFile(join(repoRoot, "packages", entry, "package.json"), "utf8"));
    if (json.private !== true) names[json.name] = entry;
  }
  return names;
}

async function stagedFile(workDir, name, file) {
  const dir = (await publishableInRepo())[name];
  return readFile(join(workDir, "packages", dir, file), "utf8");
}

/** The first-release changeset's text for a package, as it stands in .changeset/. */
async function pendingSummaries() {
  const byPackage = {};
  const dir = join(repoRoot, ".changeset");
  for (const file of await readdir(dir)) {
    if (!file.endsWith(".md") || file === "README.md") continue;
    const text = await readFile(join(dir, file), "utf8");
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
    expect(front, `${file} has changeset front matter`).toBeDefined();
    for (const line of front.split("\n")) {
      const [, name, bump] = /^"?([^":]+)"?:\s*(\w+)$/.exec(line.trim()) ?? [];
      byPackage[name] = [...(byPackage[name] ?? []), { file, bump, summary: body.trim() }];
    }
  }
  return byPackage;
}

/** The changeset that introduces a package: its summary starts "First release of `name`". */
function firstReleaseEntry(pending, name) {
  const opening = `First release of \`${name}\``;
  return (pending[name] ?? []).find((c) => c.summary.startsWith(opening) && c.bump === "minor");
}

describe("the first release", () => {
  // Until the first release, each package has its first-release entry and may have more
  // changesets beside it (what a 0.1.0 user gets); none may ask for a major release.
  test("a first-release changeset per publishable package, none major, none for anything else", async () => {
    const publishable = Object.keys(await publishableInRepo()).sort();
    const pending = await pendingSummaries();
    expect(Object.keys(pending).sort()).toEqual(publishable);
    for (const name of publishable) {
      expect(firstReleaseEntry(pending, name), name).toBeDefined();
      for (const { bump, file } of pending[name]) expect(bump, `${name} in ${file}`).not.toBe("major");
    }
  });

  test("makes every package 0.1.0", async () => {
    const { versions } = await firstRelease();
    const expected = Object.fromEntries(
      Object.keys(await publishableInRepo()).map((name) => [name, "0.1.0"]),
    );
    expect(versions).toEqual(expected);
  });

  test("gives each changelog its title once, then 0.1.0 holding the first-release entry", async () => {
    const { workDir } = await firstRelease();
    const pending = await pendingSummaries();
    for (const name of Object.keys(await publishableInRepo())) {
      const changelog = await stagedFile(workDir, name, "CHANGELOG.md");
      const [firstLine, ...rest] = firstReleaseEntry(pending, name).summary.split("\n");
      const entry = [`- ${firstLine}`, ...rest.map((line) => (line === "" ? "" : `  ${line}`))].join("\n");
      expect(changelog.startsWith(`# ${name}\n\n## 0.1.0\n\n`), name).toBe(true);
      expect(changelog.match(/^# /gm), name).toHaveLength(1);
      expect(changelog.match(/^## /gm), `${name}: one version, 0.1.0`).toEqual(["## "]);
      expect(changelog, name).toContain(entry);
    }
  });

  test("keeps internal ranges as workspace:^, which pack to ^0.1.0", async () => {
    const { workDir } = await firstRelease();
    const dirs = await publishableInRepo();
    const internal = new Set(Object.keys(dirs));
    const packs = await mkdtemp(join(tmpdir(), "tsvider-release-packs-"));
    scratch.push(packs);
    let checked = 0;
    for (const [name, dir] of Object.entries(dirs)) {
      const staged = JSON.parse(await stagedFile(workDir, name, "package.json"));
      const { stdout } = await run("pnpm", ["pack", "--json", "--pack-destination", packs], {
        cwd: join(workDir, "packages", dir),
        env: await toolEnv(),
      });
      const tarball = JSON.parse(stdout).filename;
      const packed = JSON.parse(
        (await run("tar", ["-xzOf", tarball, "package/package.json"], { maxBuffer: 1 << 24 })).stdout,
      );
      for (const field of ["dependencies", "peerDependencies"]) {
        for (const [dep, range] of Object.entries(staged[field] ?? {})) {
          if (!internal.has(dep)) continue;
          expect(range, `${name} ${field} ${dep}`).toBe("workspace:^");
          expect(packed[field][dep], `${name} ${field} ${dep}, packed`).toBe("^0.1.0");
          checked++;
        }
      }
    }
    // cli -> conformance, hcl, rpcplugin; framework -> rpcplugin, cty; and the other peers.
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

describe("a patch release after it", () => {
  test("of @tsvider/cty makes cty 0.1.1 and leaves every other package as it was", async () => {
    const { workDir } = await freshStage();
    const dirs = await publishableInRepo();
    const before = {};
    for (const name of Object.keys(dirs)) {
      before[name] = {
        manifest: await stagedFile(workDir, name, "package.json"),
        changelog: await stagedFile(workDir, name, "CHANGELOG.md"),
      };
    }
    const summary = "`timeadd` reads a duration that overflows as Go does.";
    await addChangeset({ workDir, packages: ["@tsvider/cty"], bump: "patch", summary });
    const { versions } = await versionStaged({ workDir });

    expect(versions["@tsvider/cty"]).toBe("0.1.1");
    const changelog = await stagedFile(workDir, "@tsvider/cty", "CHANGELOG.md");
    expect(changelog).toBe(
      before["@tsvider/cty"].changelog.replace(
        "# @tsvider/cty\n\n",
        `# @tsvider/cty\n\n## 0.1.1\n\n### Patch Changes\n\n- ${summary}\n\n`,
      ),
    );
    for (const name of Object.keys(dirs)) {
      if (name === "@tsvider/cty") continue;
      expect(versions[name], name).toBe("0.1.0");
      expect(await stagedFile(workDir, name, "package.json"), name).toBe(before[name].manifest);
      expect(await stagedFile(workDir, name, "CHANGELOG.md"), name).toBe(before[name].changelog);
    }
    expect(await stagedVersions(workDir)).toEqual(versions);
  });

  test("a minor of @tsvider/cty, which leaves its peers' ranges, is refused before it makes 1.0.0", async () => {
    const { workDir } = await freshStage();
    await addChangeset({ workDir, packages: ["@tsvider/cty"], bump: "minor", summary: "Something new." });
    await expect(versionStaged({ workDir })).rejects.toThrow(
      /@tsvider\/hcl 0\.1\.0 -> 1\.0\.0.*no changeset asks for a major release: a peer dependency left its range/,
    );
  });
});
