// A new user's first hour, from the registry the global setup published to, outside this
// repository, with npm only: `npx tsvider new`, `npm install`, `npm test` (acceptance tests on the
// real tofu), `npx tsvider install` twice (the second must change nothing, so no lock file ever
// needs an edit), then `tofu init` and `tofu apply` of a configuration using the installed build.
// Expected run time: a few minutes (npm installs every dependency through the registry into a
// cache of this run, then builds a single executable twice).
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { collectVersions, newProject, npm, publishedVersions, removeProjects, run } from "./support.js";

const tofu = process.env.TSVIDER_TOFU;
// A second Node for the new project's tests: the machine's own when `./dev test` runs the suite
// on the newest LTS, else that LTS (see tooling/node-lts/test.mjs).
const secondNode = [process.env.TSVIDER_MACHINE_NODE, process.env.TSVIDER_LTS_NODE].find(
  (node) => node !== undefined && node !== "" && node !== process.execPath,
);

afterAll(removeProjects);

/** What `tsvider install --json` reports: whether it installed, and the package's `h1:` hash. */
function installed(stdout: string): { status: string; h1: string } {
  const report = JSON.parse(stdout) as { status?: unknown; h1?: unknown };
  if (typeof report.status !== "string" || typeof report.h1 !== "string" || !report.h1.startsWith("h1:")) {
    throw new Error(`tsvider install --json reported no status and h1: hash:\n${stdout}`);
  }
  return { status: report.status, h1: report.h1 };
}

describe.skipIf(tofu === undefined)(
  "tsvider from the registry: new, install, test, install twice, tofu apply (needs tofu: set TSVIDER_TOFU)",
  () => {
    it("takes a new user from `npx tsvider new` to `tofu apply` with a lock file", async () => {
      const version = publishedVersions().tsvider;
      expect(version).toBeDefined();
      const home = await newProject("user", {});
      const env = { TSVIDER_TOFU: tofu as string };

      // npx runs the published CLI (fetched into the run's npm cache), as the README says.
      const made = await npm(home, ["exec", "--yes", "--", `tsvider@${version}`, "new", "acme"], { env });
      process.stderr.write(made.stdout);
      const project = join(home, "terraform-provider-acme");
      const pkg = JSON.parse(await readFile(join(project, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      // What it asks for is what was published: the registry answers each range.
      expect(pkg.dependencies["@tsvider/framework"]).toBe(`^${publishedVersions()["@tsvider/framework"]}`);
      expect(pkg.devDependencies.tsvider).toBe(`^${version}`);

      await npm(project, ["install"], { env });
      const tree = JSON.parse(
        (await npm(project, ["ls", "--all", "--json", "@tsvider/cty"], { env })).stdout,
      ) as unknown;
      // One copy of @tsvider/cty for the framework, hcl and the project (the newest 0.1 patch,
      // which a version-skew test may have published before this one runs).
      const ctyVersions = new Set(collectVersions(tree, "@tsvider/cty"));
      expect(ctyVersions.size).toBe(1);
      const [major, minor] = publishedVersions()["@tsvider/cty"]!.split(".");
      expect([...ctyVersions][0]).toMatch(new RegExp(`^${major}\\.${minor}\\.\\d+$`));

      const tests = await npm(project, ["test"], { env });
      expect(tests.stdout).toMatch(/Tests\s+4 passed/);
      await npm(project, ["run", "typecheck"], { env });

      const secondVersion =
        secondNode === undefined
          ? undefined
          : (await run(secondNode, ["--version"], { cwd: project })).stdout.trim();
      if (secondNode !== undefined && secondVersion !== process.version) {
        // The same tests on the second Node, npm's children finding it first on PATH.
        const second = await npm(project, ["test"], { env, node: secondNode });
        expect(second.stdout).toMatch(/Tests\s+4 passed/);
        // What npm's scripts find as `node` there (a shell with their PATH): the second Node,
        // not this process's.
        const seen = (
          await npm(project, ["exec", "--call", "node -p process.version"], { node: secondNode })
        ).stdout.trim();
        expect(seen).toBe(secondVersion);
        process.stderr.write(`scaffold tests passed on a second Node, ${seen}\n`);
      }

      // Installed into a mirror of this test's own, with the CLI configuration that points at it.
      const mirror = join(home, "mirror");
      const cliConfig = join(home, "tofurc");
      const install = [
        "exec",
        "--",
        "tsvider",
        "install",
        "--json",
        "--mirror",
        mirror,
        "--write-config",
        cliConfig,
      ];
      const first = installed((await npm(project, install, { env })).stdout);
      expect(first.status).toBe("installed");

      const config = join(home, "config");
      await mkdir(config);
      const greeting = join(home, "greeting.txt");
      await writeFile(
        join(config, "main.tf"),
        [
          "terraform {",
          "  required_providers {",
          '    acme = { source = "acme/acme", version = "0.1.0" }',
          "  }",
          "}",
          'resource "acme_file" "greeting" {',
          `  path    = ${JSON.stringify(greeting)}`,
          '  content = "hello from the registry"',
          "}",
          'output "digest" {',
          '  value = provider::acme::sha256("hello")',
          "}",
          'output "file_sha256" {',
          "  value = acme_file.greeting.sha256",
          "}",
          "",
        ].join("\n"),
      );
      const tofuEnv = { TF_CLI_CONFIG_FILE: cliConfig, TF_IN_AUTOMATION: "1" };
      await run(tofu as string, ["init", "-input=false", "-no-color"], { cwd: config, env: tofuEnv });
      const lock = await readFile(join(config, ".terraform.lock.hcl"), "utf8");
      expect(lock).toContain('provider "registry.opentofu.org/acme/acme"');
      expect(lock).toContain(first.h1);

      // Unchanged source installed again: the same bytes, so the lock file still holds.
      const second = installed((await npm(project, install, { env })).stdout);
      expect(second).toEqual({ status: "unchanged", h1: first.h1 });
      await run(tofu as string, ["init", "-input=false", "-no-color"], { cwd: config, env: tofuEnv });
      expect(await readFile(join(config, ".terraform.lock.hcl"), "utf8")).toBe(lock);

      await run(tofu as string, ["apply", "-auto-approve", "-input=false", "-no-color"], {
        cwd: config,
        env: tofuEnv,
      });
      expect(await readFile(greeting, "utf8")).toBe("hello from the registry");
      const outputs = JSON.parse(
        (await run(tofu as string, ["output", "-json"], { cwd: config, env: tofuEnv })).stdout,
      ) as Record<string, { value: unknown }>;
      expect(outputs.digest?.value).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
      expect(outputs.file_sha256?.value).toMatch(/^[0-9a-f]{64}$/);
      expect(existsSync(join(config, "terraform.tfstate"))).toBe(true);
    });
  },
);
