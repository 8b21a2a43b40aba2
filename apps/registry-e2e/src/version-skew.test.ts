// Version skew as a user meets it: @tsvider/cty released one patch ahead of the one the
// framework was published with, and a project asking for that newer cty directly next to the
// framework. @tsvider/cty is a peer dependency of the framework (and of hcl and components), so
// npm installs one copy for the whole project: the values the user's code makes (here a
// `Decimal`) are the very classes the framework encodes, and reach tofu as numbers. A cty the
// framework's peer range does not admit is refused (ERESOLVE) instead of installed as a second
// copy. Expected run time: a minute or two (a patch release, an npm install, a few tofu runs).
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  CommandError,
  collectVersions,
  newProject,
  npm,
  publishedVersions,
  registryUrl,
  removeProjects,
  run,
} from "./support.js";

const tofu = process.env.TSVIDER_TOFU;
const repoRoot = join(import.meta.dirname, "..", "..", "..");

afterAll(removeProjects);

interface ReleaseTooling {
  publishPatch(options: {
    workDir: string;
    registry: string;
    userconfig: string;
    packages: string[];
    summary: string;
    log: (line: string) => void;
  }): Promise<{ versions: Record<string, string>; published: string[] }>;
}

/** A provider whose resource returns a `Decimal` made with the project's own @tsvider/cty import. */
const PROVIDER = `import { Decimal } from "@tsvider/cty";
import { attr, defineProvider, defineResource } from "@tsvider/framework";

export const ratio = defineResource({
  typeName: "skew_ratio",
  schema: {
    name: attr.string({ required: true }),
    ratio: attr.number({ computed: true }),
  },
  async create({ plan }) {
    return { ...plan, ratio: new Decimal("0.1") };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, ratio: new Decimal("0.1") };
  },
  async delete() {},
});

export const provider = defineProvider({ name: "skew", version: "0.1.0", resources: [ratio] });
`;

/** Its acceptance test on the real tofu, as a plain script: apply, check state and output, destroy. */
const ACCEPTANCE = `import { acceptanceTest, stateCheck } from "@tsvider/conformance";
import { provider } from "./provider.mjs";

const config = \`resource "skew_ratio" "r" {
  name = "one tenth"
}
output "ratio" {
  value = skew_ratio.r.ratio
}
output "ratio_text" {
  value = tostring(skew_ratio.r.ratio)
}
\`;
await acceptanceTest({
  provider,
  address: "skew/skew",
  steps: [
    {
      config,
      stateChecks: [
        stateCheck.attribute("skew_ratio.r", "ratio", 0.1),
        stateCheck.output("ratio", 0.1),
        stateCheck.output("ratio_text", "0.1"),
      ],
    },
  ],
});
console.log("skew acceptance: the Decimal reached tofu as 0.1");
`;

describe.skipIf(tofu === undefined)(
  "@tsvider/cty one patch ahead of the framework's (needs tofu: set TSVIDER_TOFU)",
  () => {
    it("installs one copy of @tsvider/cty, whose Decimal reaches tofu as a number", async () => {
      const published = publishedVersions();
      const framework = published["@tsvider/framework"];
      const conformance = published["@tsvider/conformance"];
      expect(framework).toBeDefined();

      const tooling = (await import(
        pathToFileURL(join(repoRoot, "tooling", "release", "publish.mjs")).href
      )) as ReleaseTooling;
      const patch = await tooling.publishPatch({
        workDir: inject("releaseWorkDir"),
        registry: registryUrl(),
        userconfig: inject("publishUserconfig"),
        packages: ["@tsvider/cty"],
        summary: "A patch release of cty alone, ahead of the framework's build.",
        log: (line) => process.stderr.write(`[release] ${line}\n`),
      });
      const cty = patch.versions["@tsvider/cty"];
      expect(cty).toBeDefined();
      expect(cty).not.toBe(published["@tsvider/cty"]);
      expect(patch.published).toContain(`@tsvider/cty@${cty}`);
      // The framework was not released again: the project gets the one built with the older cty.
      expect(patch.versions["@tsvider/framework"]).toBe(framework);

      const project = await newProject("skew", {
        "package.json": `${JSON.stringify(
          {
            name: "skew",
            version: "1.0.0",
            private: true,
            type: "module",
            scripts: { test: "node acceptance.mjs" },
            dependencies: { "@tsvider/framework": `^${framework}`, "@tsvider/cty": cty },
            devDependencies: { "@tsvider/conformance": `^${conformance}` },
          },
          null,
          2,
        )}\n`,
        "provider.mjs": PROVIDER,
        "acceptance.mjs": ACCEPTANCE,
      });
      await npm(project, ["install"]);

      const tree = JSON.parse(
        (await npm(project, ["ls", "@tsvider/cty", "--all", "--json"])).stdout,
      ) as unknown;
      const versions = collectVersions(tree, "@tsvider/cty");
      // Listed under the project and under each package that peers on it, always the one copy.
      expect(versions.length).toBeGreaterThan(1);
      expect(new Set(versions)).toEqual(new Set([cty]));
      expect(
        existsSync(join(project, "node_modules", "@tsvider", "framework", "node_modules", "@tsvider", "cty")),
      ).toBe(false);
      const installedFramework = JSON.parse(
        await readFile(join(project, "node_modules", "@tsvider", "framework", "package.json"), "utf8"),
      ) as { version: string };
      expect(installedFramework.version).toBe(framework);

      const tested = await npm(project, ["test"], { env: { TSVIDER_TOFU: tofu as string } });
      expect(tested.stdout).toContain("the Decimal reached tofu as 0.1");
    });

    it("never installs a second @tsvider/cty: one outside the framework's peer range is refused, or replaces the only copy", async () => {
      const published = publishedVersions();
      const framework = published["@tsvider/framework"];

      // A @tsvider/cty 0.2.0 (the published 0.1 tarball, renumbered), under a dist-tag of its own
      // so no other test's `latest` moves: what a breaking cty release looks like to npm.
      const scratch = await newProject("cty-next", {});
      const packed = JSON.parse(
        (await npm(scratch, ["pack", `@tsvider/cty@${published["@tsvider/cty"]}`, "--json"])).stdout,
      ) as { filename: string }[];
      await run("tar", ["-xzf", packed[0]!.filename], { cwd: scratch });
      const manifestFile = join(scratch, "package", "package.json");
      const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as { version: string };
      manifest.version = "0.2.0";
      await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      await npm(join(scratch, "package"), ["publish", "--tag", "next"], {
        env: { npm_config_userconfig: inject("publishUserconfig") },
      });

      // Asked for in package.json beside the framework: npm refuses the whole install.
      const both = await newProject("skew-major", {
        "package.json": manifestOf("skew-major", {
          "@tsvider/framework": `^${framework}`,
          "@tsvider/cty": "^0.2.0",
        }),
      });
      const refused = await npm(both, ["install"]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(CommandError);
      expect((refused as CommandError).stderr).toMatch(/ERESOLVE unable to resolve dependency tree/);
      expect((refused as CommandError).stderr).toMatch(
        /peer @tsvider\/cty@"\^0\.1\.\d+" from @tsvider\/framework/,
      );
      expect(existsSync(join(both, "node_modules", "@tsvider"))).toBe(false);

      // Added on the command line to a project that has the framework: npm takes an explicit
      // request over the peer range with a warning, but still keeps a single copy, and `npm ls`
      // then fails, naming the framework's range, so the skew is seen rather than run.
      const added = await newProject("skew-added", {
        "package.json": manifestOf("skew-added", { "@tsvider/framework": `^${framework}` }),
      });
      await npm(added, ["install"]);
      const forced = await npm(added, ["install", "@tsvider/cty@^0.2.0"]);
      expect(forced.stderr).toMatch(/ERESOLVE overriding peer dependency/);
      const listed = await npm(added, ["ls", "@tsvider/cty", "--all", "--json"]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(listed).toBeInstanceOf(CommandError);
      const tree = JSON.parse((listed as CommandError).stdout) as unknown;
      expect(new Set(collectVersions(tree, "@tsvider/cty"))).toEqual(new Set(["0.2.0"]));
      expect((listed as CommandError).stderr).toMatch(/invalid: @tsvider\/cty@0\.2\.0/);
      expect(
        existsSync(join(added, "node_modules", "@tsvider", "framework", "node_modules", "@tsvider", "cty")),
      ).toBe(false);
    });
  },
);

/** A project's package.json with these dependencies. */
function manifestOf(name: string, dependencies: Record<string, string>): string {
  return `${JSON.stringify({ name, version: "1.0.0", private: true, type: "module", dependencies }, null, 2)}\n`;
}
