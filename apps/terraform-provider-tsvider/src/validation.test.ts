// Validators and defaults as a practitioner meets them in the real tofu: a bad value is an
// error that quotes the configuration line it came from, with the validator's message, and a
// default shows in the plan before anything is applied.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import { attachedWorkdir, setUpTofu, stopAttachedProviders, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-validation-");
});
afterEach(() => stopAttachedProviders());
afterAll(() => tofu.cleanup());

const header = `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
`;

/** A working directory with `body` after the header, initialised. */
async function workdir(name: string, body: string): Promise<Workdir> {
  const dir = join(tofu.root, name);
  await mkdir(dir);
  await writeFile(join(dir, "main.tf"), header + body);
  await new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile }).run([
    "init",
    "-no-color",
  ]);
  // What the practitioner reads is the subject here, not how tofu starts the provider: one
  // provider process serves all of a test's commands.
  return attachedWorkdir(tofu, dir);
}

/** The line of main.tf that holds `text`, 1-based, as tofu counts. */
function lineOf(body: string, text: string): number {
  const lines = (header + body).split("\n");
  const index = lines.findIndex((l) => l.includes(text));
  if (index < 0) throw new Error(`no line holds ${text}`);
  return index + 1;
}

async function failingValidate(work: Workdir): Promise<string> {
  const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
  // tofu wraps long lines; the assertions are about words, not where lines break.
  return res.stderr.replace(/\s*│\s*/g, " ").replace(/\s+/g, " ");
}

describe("validators through tofu", () => {
  it("reports a bad file_permission at its line, with the validator's message", async () => {
    const body = `resource "tsvider_file_content" "f" {
  filename        = "out.txt"
  content         = "x"
  file_permission = "rwxr-xr-x"
}
`;
    const work = await workdir("bad-mode", body);
    const err = await failingValidate(work);
    expect(err).toContain(
      `on main.tf line ${lineOf(body, "file_permission")}, in resource "tsvider_file_content" "f":`,
    );
    expect(err).toContain('file_permission = "rwxr-xr-x"');
    expect(err).toContain(
      '"file_permission" must be an octal mode of four digits, such as "0644"; it is "rwxr-xr-x".',
    );
  });

  it("reports an empty filename and a NUL in one at their lines", async () => {
    const body = `resource "tsvider_file_content" "empty" {
  filename = ""
  content  = "x"
}
resource "tsvider_file_content" "nul" {
  filename = "a\\u0000b"
  content  = "x"
}
`;
    const work = await workdir("bad-filename", body);
    const err = await failingValidate(work);
    expect(err).toContain(
      `on main.tf line ${lineOf(body, 'filename = ""')}, in resource "tsvider_file_content" "empty":`,
    );
    expect(err).toContain('"filename" must have at least 1 character; it has 0.');
    expect(err).toContain(
      `on main.tf line ${lineOf(body, "\\u0000")}, in resource "tsvider_file_content" "nul":`,
    );
    expect(err).toContain('"filename" must not contain a NUL character');
  });

  it("reports a file name that leaves the directory, inside a set block", async () => {
    const body = `resource "tsvider_local_directory" "d" {
  path = "out"
  file {
    name    = "../escape.txt"
    content = "x"
  }
}
`;
    const work = await workdir("bad-name", body);
    const err = await failingValidate(work);
    // A set's elements have no address: the path stops at the set, "file[*].name" in the
    // summary, and tofu can only quote the resource's own line.
    expect(err).toContain('Invalid value for "file[*].name"');
    expect(err).toContain(
      `on main.tf line ${lineOf(body, "resource")}, in resource "tsvider_local_directory" "d":`,
    );
    expect(err).toContain('must be a file name without "/" or "\\"; it is "../escape.txt".');
  });

  it("reports two files of one name", async () => {
    const body = `resource "tsvider_local_directory" "d" {
  path = "out"
  file {
    name    = "same.txt"
    content = "a"
  }
  file {
    name    = "same.txt"
    content = "b"
  }
}
`;
    const work = await workdir("duplicate-name", body);
    const err = await failingValidate(work);
    expect(err).toContain('Two "file" blocks are named "same.txt"; each file needs its own name.');
  });
});

describe("defaults through tofu", () => {
  it("plans file_permission's default when config leaves it out, and applies it", async () => {
    const body = `resource "tsvider_file_content" "f" {
  filename = "out.txt"
  content  = "x"
}
`;
    const work = await workdir("default-mode", body);
    const plan = await work.run(["plan", "-no-color"]);
    expect(plan.stdout).toMatch(/\+ file_permission = "0644"/);
    // The hash follows from known content only at apply: the framework leaves it unknown.
    expect(plan.stdout).toMatch(/\+ content_hash\s+= \(known after apply\)/);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const shown = await work.run(["state", "show", "-no-color", "tsvider_file_content.f"]);
    expect(shown.stdout).toContain('file_permission = "0644"');
  });

  it("plans the defaults of tsvider_local_directory's modes, and its id", async () => {
    const body = `resource "tsvider_local_directory" "d" {
  path            = "out"
  file_permission = "0600"
}
`;
    const work = await workdir("default-permissions", body);
    const plan = await work.run(["plan", "-no-color"]);
    expect(plan.stdout).toMatch(/\+ permissions\s+= "0o755"/);
    expect(plan.stdout).toMatch(/\+ file_permission\s+= "0600"/);
    expect(plan.stdout).toMatch(/\+ id\s+= ".*\/default-permissions\/out"/);
  });
});

describe("plan modifiers through tofu", () => {
  it("keeps content_hash from state when only file_permission changes, and not when content does", async () => {
    const body = (mode: string, content: string) => `resource "tsvider_file_content" "f" {
  filename        = "out.txt"
  content         = ${JSON.stringify(content)}
  file_permission = ${JSON.stringify(mode)}
}
`;
    const work = await workdir("hash-kept", body("0644", "x"));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    await writeFile(join(work.dir, "main.tf"), header + body("0600", "x"));
    const modeOnly = await work.run(["plan", "-no-color"]);
    expect(modeOnly.stdout).toMatch(/~ file_permission = "0644" -> "0600"/);
    expect(modeOnly.stdout).not.toContain("known after apply");
    await writeFile(join(work.dir, "main.tf"), header + body("0600", "y"));
    const contentToo = await work.run(["plan", "-no-color"]);
    expect(contentToo.stdout).toMatch(/~ content_hash\s+= "[0-9a-f]{64}" -> \(known after apply\)/);
  });
});
