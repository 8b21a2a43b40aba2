// `tsvider install` through the real tofu: two projects of one provider type at 0.1.0 and
// 0.2.0 (a script and a single executable) installed into one mirror, each pinned by its own configuration;
// `tofu init` writes each lock file with the h1: the install printed and `tofu apply` shows each
// version's behaviour. Installing unchanged code again is a no-op with the same h1: (builds
// are reproducible). Then a same-version rebuild of changed code is refused, forced with --reinstall (the old
// lock file then fails, and removing the provider's block from it mends it, as the message
// says), and --uninstall removes one version only.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CommandFailedError, parseLockFile, Workdir } from "@tsvider/conformance";
import { afterAll, describe, expect, it } from "vitest";
import { tofuOrUndefined } from "../cli/run.test-support.js";
import { installCommand } from "../commands/install.js";
import { CONFIG_MARKER } from "./cli-config.js";
import { defaultMirrorDir } from "./mirror.js";
import {
  type FixtureProvider,
  greetingConfig,
  runCommand,
  scratchDir,
  writeFixtureProject,
  writeFixtureSources,
} from "./provider-fixture.test-support.js";
import { readZip } from "./read-zip.js";

const tofu = tofuOrUndefined();

const root = scratchDir("tsvider-install-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const v1: FixtureProvider = {
  type: "sidebyside",
  namespace: "tsvider-test",
  version: "0.1.0",
  greeting: (name) => `hello ${name}`,
};
const v2: FixtureProvider = { ...v1, version: "0.2.0", greeting: (name) => `HELLO ${name.toUpperCase()}!` };

describe("defaultMirrorDir", () => {
  it("follows XDG_DATA_HOME, else ~/.local/share", () => {
    expect(defaultMirrorDir({ XDG_DATA_HOME: "/data", HOME: "/home/u" })).toBe("/data/tsvider/mirror");
    expect(defaultMirrorDir({ HOME: "/home/u" })).toBe("/home/u/.local/share/tsvider/mirror");
  });
});

describe("tsvider install, bad input", () => {
  it("refuses --reinstall with --uninstall, and a directory without a project", async () => {
    const project = writeFixtureProject(root, v1);
    const both = await runCommand(installCommand, ["--reinstall", "--uninstall"], { cwd: project });
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/--reinstall and --uninstall contradict each other/);
    const none = await runCommand(installCommand, ["--mirror", join(root, "m")], { cwd: "/" });
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/no package\.json in \/ or any directory above it/);
  });

  it("refuses --snapshot with --script in one sentence, installing nothing", async () => {
    const project = writeFixtureProject(root, v1);
    const mirror = join(root, "snapshot-script-mirror");
    const run = await runCommand(installCommand, ["--snapshot", "--script", "--mirror", mirror], {
      cwd: project,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("a script cannot carry one: leave out --script or --snapshot");
    expect(existsSync(mirror)).toBe(false);
  });

  it("refuses to overwrite a CLI configuration it did not write", async () => {
    const project = writeFixtureProject(root, v1);
    const mine = join(root, "mine.tfrc");
    writeFileSync(mine, 'credentials "app.terraform.io" {}\n');
    const result = await runCommand(
      installCommand,
      ["--script", "--mirror", join(root, "m2"), "--write-config", mine],
      {
        cwd: project,
      },
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/mine\.tfrc exists and was not written by tsvider/);
    expect(readFileSync(mine, "utf8")).toBe('credentials "app.terraform.io" {}\n');
    expect(existsSync(join(root, "m2")), "nothing built or installed").toBe(false);
  });
});

describe("tsvider install --uninstall, the CLI configuration it leaves", () => {
  const other = "registry.opentofu.org/acme/other";
  /** A mirror holding this project's 0.1.0 and, with `withOther`, a provider of another project. */
  function mirrorWith(withOther: boolean): string {
    const mirror = mkdtempSync(join(root, "uninstall-mirror-"));
    const put = (address: string, name: string) => {
      mkdirSync(join(mirror, address), { recursive: true });
      writeFileSync(join(mirror, address, name), "");
    };
    for (const host of ["registry.opentofu.org", "registry.terraform.io"])
      put(
        `${host}/${v1.namespace}/${v1.type}`,
        `terraform-provider-${v1.type}_${v1.version}_linux_amd64.zip`,
      );
    if (withOther) put(other, "terraform-provider-other_1.0.0_linux_amd64.zip");
    return mirror;
  }

  it("says the configuration needs nothing once the mirror is empty, with no empty include or exclude", async () => {
    const mirror = mirrorWith(false);
    const result = await runCommand(installCommand, ["--uninstall", "--mirror", mirror], {
      cwd: writeFixtureProject(root, v1),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Removed ${v1.namespace}/${v1.type} ${v1.version} from ${mirror}`);
    expect(result.stdout).toContain(
      `${mirror} holds no provider any more, so your CLI configuration needs nothing for it: remove the provider_installation block`,
    );
    expect(result.stdout).not.toMatch(/include|exclude|provider_installation \{/);
  });

  it("writes a configuration that installs nothing from an empty mirror, and says so", async () => {
    const mirror = mirrorWith(false);
    const file = join(mirror, "..", `${mirror.split("/").pop()}.tfrc`);
    const result = await runCommand(
      installCommand,
      ["--uninstall", "--mirror", mirror, "--write-config", file],
      { cwd: writeFixtureProject(root, v1) },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `Wrote the CLI configuration to ${file}: ${mirror} holds no provider any more`,
    );
    const written = readFileSync(file, "utf8");
    expect(written.startsWith(CONFIG_MARKER)).toBe(true);
    // Comments only: no block, so tofu and terraform keep their default installation.
    expect(written.split("\n").filter((line) => line !== "" && !line.startsWith("#"))).toEqual([]);
  });

  it("prints the configuration to keep for the providers still in the mirror", async () => {
    const mirror = mirrorWith(true);
    const result = await runCommand(installCommand, ["--uninstall", "--mirror", mirror], {
      cwd: writeFixtureProject(root, v1),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Keep this CLI configuration for the providers still in ${mirror}`);
    expect(result.stdout).toContain(`    include = [\n      "${other}",\n    ]`);
    expect(result.stdout).toContain(`    exclude = [\n      "${other}",\n    ]`);
    const config = result.stdout.slice(result.stdout.indexOf("Keep this CLI configuration"));
    expect(config).not.toContain(`${v1.namespace}/${v1.type}`);
  });
});

describe.skipIf(tofu === undefined)("tsvider install with tofu (needs tofu: set TSVIDER_TOFU)", () => {
  // Two builds, two inits and two applies: a guard against a hang of ten minutes, not a timing;
  // on a busy two-core machine this has taken longer than the default two.
  it("installs two versions side by side, each locked and used by its own configuration", async () => {
    const mirror = join(root, "mirror");
    const cliConfig = join(root, "cli.tfrc");
    const project1 = writeFixtureProject(root, v1);
    const project2 = writeFixtureProject(root, v2);
    const install = async (cwd: string, ...extra: string[]) => {
      const result = await runCommand(
        installCommand,
        ["--mirror", mirror, "--write-config", cliConfig, "--json", ...extra],
        { cwd },
      );
      return { ...result, data: JSON.parse(result.stdout) };
    };

    // 0.1.0 as a script (it runs node from PATH), 0.2.0 as a single executable, the default.
    const first = await install(project1, "--script");
    expect(first.exitCode, first.stderr).toBe(0);
    const second = await install(project2);
    expect(second.exitCode, second.stderr).toBe(0);
    expect(first.data).toMatchObject({
      status: "installed",
      address: "tsvider-test/sidebyside",
      version: "0.1.0",
      kind: "script",
    });
    expect(second.data).toMatchObject({ status: "installed", version: "0.2.0", kind: "sea" });
    expect(second.data.providers).toEqual([
      "registry.opentofu.org/tsvider-test/sidebyside",
      "registry.terraform.io/tsvider-test/sidebyside",
    ]);

    // The packed layout under both hosts; one file in each zip, executable, no directory entries.
    // The zip under the second host is the same bytes as the first's, so only the first is
    // unpacked (the single executable's is over 100 MB).
    const packed = new Map<string, Buffer>();
    for (const { data } of [first, second]) {
      expect(data.zips).toHaveLength(2);
      for (const zip of data.zips as string[]) {
        expect(zip).toMatch(
          new RegExp(
            `${mirror}/registry\\.(opentofu\\.org|terraform\\.io)/tsvider-test/sidebyside/terraform-provider-sidebyside_${data.version}_[a-z0-9]+_[a-z0-9]+\\.zip$`,
          ),
        );
      }
      const [one, two] = (data.zips as string[]).map((zip) => readFileSync(zip));
      expect(two!.equals(one!)).toBe(true);
      packed.set(data.version, one!);
      const files = readZip(one!);
      // A script is named .cjs, so Node loads it as CommonJS under any package.json.
      const suffix = data.kind === "script" ? ".cjs" : "";
      expect(files.map((f) => [f.name, f.mode])).toEqual([
        [`terraform-provider-sidebyside_v${data.version}${suffix}`, 0o755],
      ]);
    }
    const config = readFileSync(cliConfig, "utf8");
    expect(config.startsWith(CONFIG_MARKER)).toBe(true);
    expect(config).toContain(`path    = ${JSON.stringify(mirror)}`);
    expect(config).toMatch(
      /direct \{\n {4}exclude = \[\n {6}"registry\.opentofu\.org\/tsvider-test\/sidebyside",/,
    );

    const work = (name: string, version: string) => {
      const dir = join(root, name);
      mkdirSync(dir);
      writeFileSync(join(dir, "main.tf"), greetingConfig(v1, version));
      return new Workdir({ dir, binary: tofu!, cliConfigFile: cliConfig });
    };
    const lockedH1 = (w: Workdir) => {
      const locked = parseLockFile(readFileSync(join(w.dir, ".terraform.lock.hcl"), "utf8"));
      expect(locked.map((p) => [p.address, p.version])).toEqual([
        ["registry.opentofu.org/tsvider-test/sidebyside", expect.any(String)],
      ]);
      return locked[0]!;
    };
    const applied = async (w: Workdir) => {
      await w.run(["apply", "-auto-approve", "-no-color"]);
      return JSON.parse((await w.run(["output", "-json", "text"])).stdout) as string;
    };

    const w1 = work("uses-0.1.0", "0.1.0");
    const w2 = work("uses-0.2.0", "0.2.0");
    await w1.run(["init", "-no-color"]);
    await w2.run(["init", "-no-color"]);
    expect(lockedH1(w1)).toMatchObject({ version: "0.1.0", hashes: [first.data.h1] });
    expect(lockedH1(w2)).toMatchObject({ version: "0.2.0", hashes: [second.data.h1] });
    expect(await applied(w1)).toBe("hello world");
    expect(await applied(w2)).toBe("HELLO WORLD!");

    // The same build again changes nothing: builds are reproducible, the script and the single
    // executable (with its Node LTS) alike, so the lock files written above stay valid.
    const again = await install(project1, "--script");
    expect(again.data).toMatchObject({ status: "unchanged", h1: first.data.h1 });
    const seaAgain = await runCommand(installCommand, ["--mirror", mirror], { cwd: project2 });
    expect(seaAgain.exitCode, seaAgain.stderr).toBe(0);
    expect(seaAgain.stdout).toContain(
      `Already installed, unchanged (the same build, the same lock-file hash): tsvider-test/sidebyside 0.2.0 (${second.data.platform}, single executable, Node ${second.data.nodeVersion}) in ${mirror}\n  lock-file hash: ${second.data.h1}\n`,
    );
    await w2.run(["init", "-no-color"]);
    expect(lockedH1(w2).hashes).toEqual([second.data.h1]);

    // A changed build under the same version: refused, then forced.
    writeFixtureSources(project1, { ...v1, greeting: (name) => `hi ${name}` });
    const refused = await runCommand(installCommand, ["--script", "--mirror", mirror], { cwd: project1 });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`is already in ${mirror} with other contents (${first.data.h1}`);
    expect(refused.stderr).toMatch(/run `tsvider install --reinstall` to replace it/);
    expect(refused.stderr).toMatch(
      /remove the provider's block from their \.terraform\.lock\.hcl and run `tofu init` again/,
    );
    expect(readZip(readFileSync(first.data.zips[0])).length).toBe(1);
    const forced = await install(project1, "--script", "--reinstall");
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.data).toMatchObject({ status: "replaced", replacedH1: first.data.h1 });
    expect(forced.data.h1).not.toBe(first.data.h1);

    // What the message promised: the old lock file no longer matches; without the provider's
    // block (the only one here, so without the file) init locks the new build.
    rmSync(join(w1.dir, ".terraform"), { recursive: true });
    const mismatch = await w1.run(["init", "-no-color"]).catch((err: unknown) => err);
    expect(mismatch).toBeInstanceOf(CommandFailedError);
    expect((mismatch as CommandFailedError).result.stderr).toMatch(
      /doesn't match any of\s+the checksums previously recorded/,
    );
    rmSync(join(w1.dir, ".terraform.lock.hcl"));
    await w1.run(["init", "-no-color"]);
    expect(lockedH1(w1).hashes).toEqual([forced.data.h1]);
    expect(await applied(w1)).toBe("hello world"); // unchanged resource: no update planned
    await w1.run(["destroy", "-auto-approve", "-no-color"]);
    expect(await applied(w1)).toBe("hi world");

    // --uninstall takes 0.1.0 out and leaves 0.2.0.
    const removed = await runCommand(
      installCommand,
      ["--uninstall", "--mirror", mirror, "--write-config", cliConfig, "--json"],
      {
        cwd: project1,
      },
    );
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout).removed).toEqual(forced.data.zips);
    // 0.2.0's zips are as the install wrote them.
    for (const zip of second.data.zips as string[])
      expect(readFileSync(zip).equals(packed.get("0.2.0")!)).toBe(true);
    rmSync(join(w2.dir, ".terraform"), { recursive: true });
    await w2.run(["init", "-no-color"]);
    expect(lockedH1(w2).hashes).toEqual([second.data.h1]);
  }, 600_000);
});
