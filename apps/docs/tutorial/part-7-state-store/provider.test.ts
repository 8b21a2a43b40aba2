// Part 7 under the real Terraform (OpenTofu has no state stores; Terraform runs them behind
// its experiments): init configures main.tf's state_store, apply writes the state into the
// notebook, plan reads it back with nothing to change, a lock another process holds stops the
// next command with the holder shown, and destroy leaves an empty state in the store.
// acceptanceTest looks for terraform.tfstate, which a state store replaces, so this test runs
// the commands itself, on the provider served from this process as acceptanceTest serves it.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveTerraform, Workdir } from "@tsvider/conformance";
import { serve } from "@tsvider/framework";
import { afterAll, beforeAll, expect, it } from "vitest";
import { provider } from "./src/provider.js";

const mainTf = await readFile(new URL("./main.tf", import.meta.url), "utf8");

let root = "";
let stop: () => Promise<void> = async () => {};
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "notebook-state-"));
});
afterAll(async () => {
  await stop();
  await rm(root, { recursive: true, force: true });
});

interface StateFile {
  readonly serial: number;
  readonly resources: readonly { readonly mode: string; readonly type: string; readonly name: string }[];
}

it("keeps the state of main.tf in the notebook, locked while in use", async () => {
  const dir = join(root, "work");
  const notebook = join(dir, "notebook");
  const running = await serve(provider, {
    debug: true,
    address: "notebook/notebook",
    writeHandshake: () => {},
    exit: () => {},
  });
  stop = () => running.stop();
  await mkdir(dir);
  // The provider runs in this process, not in terraform's directory: the relative path the
  // reader's main.tf gives (which the installed provider resolves in terraform's directory)
  // becomes that directory's absolute path.
  await writeFile(
    join(dir, "main.tf"),
    mainTf.replace('directory = "notebook"', `directory = ${JSON.stringify(notebook)}`),
  );
  await writeFile(join(root, "cli.tfrc"), "");
  const work = new Workdir({
    dir,
    binary: resolveTerraform(),
    cliConfigFile: join(root, "cli.tfrc"),
    extraEnv: { TF_REATTACH_PROVIDERS: running.reattach!, TF_ENABLE_PLUGGABLE_STATE_STORAGE: "1" },
  });
  const stateFile = async () =>
    JSON.parse(await readFile(join(notebook, "state", "default.tfstate"), "utf8")) as StateFile;

  await work.run(["init", "-no-color"]);
  await work.run(["apply", "-auto-approve", "-no-color"]);
  expect(existsSync(join(dir, "terraform.tfstate"))).toBe(false);
  const applied = await stateFile();
  expect(applied.resources.map((r) => `${r.mode} ${r.type}.${r.name}`).sort()).toEqual([
    "data notebook_notes.todo",
    "managed notebook_note.todo",
    "managed notebook_note.welcome",
  ]);
  // Read back through the store: nothing to change. No lock is left behind.
  const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
  expect(plan.code, plan.stdout).toBe(0);
  expect(await readdir(join(notebook, "state"))).toEqual(["default.tfstate"]);

  // Another process holds the lock: Terraform says who, and how to release it.
  const lock = {
    id: "0d5a7c2e",
    operation: "OperationTypeApply",
    who: "ci@build-7",
    created: "2026-11-27T08:00:00Z",
  };
  await writeFile(join(notebook, "state", "default.lock"), JSON.stringify(lock));
  const blocked = await work.run(["plan", "-no-color"], { okCodes: [1] });
  expect(blocked.stderr).toContain('State "default" is locked by ci@build-7');
  expect(blocked.stderr).toContain("ID:        0d5a7c2e");
  expect(blocked.stderr).toContain("terraform force-unlock 0d5a7c2e");
  await rm(join(notebook, "state", "default.lock"));

  await work.run(["destroy", "-auto-approve", "-no-color"]);
  const destroyed = await stateFile();
  expect(destroyed.resources).toEqual([]);
  expect(destroyed.serial).toBeGreaterThan(applied.serial);
  expect(await readdir(join(notebook, "notes"))).toEqual([]);
});
