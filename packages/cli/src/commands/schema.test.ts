import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../cli/command.js";
import { runCli } from "../cli/run.test-support.js";
import type { SchemaDocument } from "../schema/json.js";
import { schemaCommand } from "./schema.js";

const reference = fileURLToPath(new URL("../../../../apps/terraform-provider-tsvider", import.meta.url));

function run(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  return runCli(argv, { cwd, env, commands: [schemaCommand] });
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "tsvider-schema-cmd-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A project whose entry point is `source`. */
async function project(name: string, source: string | undefined): Promise<string> {
  const dir = join(scratch, name);
  await mkdir(join(dir, "src"), { recursive: true });
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify({ name: `terraform-provider-${name}`, version: "0.1.0" }),
  );
  if (source !== undefined) await writeFile(join(dir, "src", "main.ts"), source);
  return dir;
}

describe("tsvider schema", () => {
  it("prints OpenTofu's document for the project, keyed by its registry.opentofu.org address", async () => {
    const result = await run(["schema"], reference);
    expect(result.exitCode).toBe(ExitCode.ok);
    expect(result.stdout.endsWith("}\n")).toBe(true);
    expect(result.stdout.split("\n")).toHaveLength(2); // one line, as tofu prints it
    const document = JSON.parse(result.stdout) as SchemaDocument;
    expect(document.format_version).toBe("1.0");
    const provider = document.provider_schemas?.["registry.opentofu.org/tsvider/tsvider"];
    expect(provider?.resource_schemas).toHaveProperty("tsvider_file_content");
    expect(provider).not.toHaveProperty("action_schemas");
    expect(result.stderr).toContain("Reading the schema");
  }, 60_000);

  it("prints Terraform's document with --terraform, and the document as the data with --json", async () => {
    const result = await run(["schema", "--terraform", "--json"], reference);
    expect(result.exitCode).toBe(ExitCode.ok);
    const document = JSON.parse(result.stdout) as SchemaDocument;
    expect(Object.keys(document.provider_schemas ?? {})).toEqual(["registry.terraform.io/tsvider/tsvider"]);
    expect(document.provider_schemas?.["registry.terraform.io/tsvider/tsvider"]).toHaveProperty(
      "action_schemas",
    );
  }, 60_000);

  it("writes the document to --out and says what it wrote", async () => {
    const out = join(scratch, "schema.json");
    const result = await run(["schema", "--out", out], reference);
    expect(result.exitCode).toBe(ExitCode.ok);
    expect(result.stdout).toMatch(
      /^Wrote the schema of registry\.opentofu\.org\/tsvider\/tsvider \(\d+ resources, \d+ data sources, \d+ ephemeral resources, \d+ functions\) to /,
    );
    const written = JSON.parse(await readFile(out, "utf8")) as SchemaDocument;
    expect(written.provider_schemas).toHaveProperty(["registry.opentofu.org/tsvider/tsvider"]);
  }, 60_000);

  it("refuses an --out in a missing directory, leaving nothing behind", async () => {
    const result = await run(["schema", "--out", join(scratch, "missing", "schema.json")], reference);
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(/cannot write .*schema\.json: .*choose a --out path/);
    expect(existsSync(join(scratch, "missing"))).toBe(false);
  }, 60_000);

  it("explains a project without an entry point", async () => {
    const dir = await project("noentry", undefined);
    const result = await run(["schema"], dir);
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(/entry point .*src\/main\.ts does not exist/);
  });

  it("explains an entry point that is not a provider, and removes its temporary build", async () => {
    const dir = await project("notaprovider", 'console.log("hello"); console.error("no serve() here");\n');
    // A temporary directory of its own, to see that the build inside it is removed.
    const temporary = await mkdtemp(join(scratch, "tmp-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run(["schema"], dir);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(
      /the provider built from .*main\.ts printed "hello" instead of a go-plugin handshake line[\s\S]*no serve\(\) here/,
    );
    expect(await readdir(temporary)).toEqual([]);
  }, 60_000);

  it("explains an entry point that does not compile", async () => {
    const dir = await project("broken", "export const = ;\n");
    const result = await run(["schema"], dir);
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(/cannot bundle the provider from .*main\.ts/);
  }, 60_000);

  it("shows examples in --help", async () => {
    const result = await run(["schema", "--help"], reference);
    expect(result.exitCode).toBe(ExitCode.ok);
    expect(result.stdout).toContain("tsvider schema --terraform --out schema.json");
  });
});
