// tsvider_filesystem_store through the real Terraform (OpenTofu has no state stores; Terraform needs its
// experiments and TF_ENABLE_PLUGGABLE_STATE_STORAGE): init installs the provider from the
// mirror and configures the store, apply writes the state through the provider in chunks,
// workspaces are the store's states, a lock held by another Terraform process fails the next
// one with the holder shown, and a state many chunks long round-trips unchanged.
//
// The first test runs as a practitioner does: init installs the provider from the mirror, and
// Terraform starts it for each command. The others attach every command, init included, to
// one provider process per test (attachedWorkdir): what they test is what Terraform does with
// the store's RPCs, not how it starts the provider, and a provider per command was most of
// this file's CPU (Terraform starts it several times for each command that reads or writes
// state). Terraform records that such a store is served attached, so init runs attached too.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type AttachedWorkdir,
  attachedWorkdir,
  executable,
  initProject,
  setUpTerraform,
  stopAttachedProviders,
  type TofuSetup,
  writeProject,
} from "./tofu.test-support.js";

let terraform: TofuSetup;
beforeAll(async () => {
  terraform = await setUpTerraform("tsvider-state-store-");
});
afterAll(() => terraform.cleanup());
afterEach(() => stopAttachedProviders());

const pluggableState = { TF_ENABLE_PLUGGABLE_STATE_STORAGE: "1" };

const stateStore = (body: string, chunkSize?: number) => `terraform {
  state_store "tsvider_filesystem_store" {
    provider "tsvider" {}
    path = "states"${chunkSize === undefined ? "" : `\n    chunk_size = ${chunkSize}`}
  }
}
${body}`;

/**
 * A project whose state lives in `states/` through tsvider_filesystem_store, initialised, with
 * Terraform starting the provider for each command.
 */
function stateStoreProject(name: string, body: string, chunkSize?: number): Promise<Workdir> {
  return initProject(terraform, name, stateStore(body, chunkSize), pluggableState);
}

/**
 * A project holding `body` whose commands, init first, attach to one provider: the bundle the
 * mirror holds, started in debug mode.
 */
async function attachedProject(name: string, body: string): Promise<AttachedWorkdir> {
  const dir = await writeProject(terraform, name, body);
  const work = await attachedWorkdir(terraform, dir, pluggableState, { executable });
  await work.run(["init", "-no-color"]);
  return work;
}

/** attachedProject whose state lives in `states/` through tsvider_filesystem_store. */
const attachedStateStoreProject = (name: string, body: string, chunkSize?: number) =>
  attachedProject(name, stateStore(body, chunkSize));

const file = (content: string) => `resource "tsvider_file_content" "f" {
  filename = "out/f.txt"
  content  = ${JSON.stringify(content)}
}
`;

/** The state file as Terraform wrote it through the provider. */
async function stateOf(work: Workdir, stateId = "default") {
  return JSON.parse(await readFile(join(work.dir, "states", `${stateId}.tfstate`), "utf8")) as {
    serial: number;
    resources: { type: string; instances: { attributes: Record<string, unknown> }[] }[];
  };
}

describe("tsvider_filesystem_store on the real Terraform", () => {
  it("keeps the state in the store: apply writes it, plan reads it back", async () => {
    const work = await stateStoreProject("apply", file("hello\n"), 100);
    // init configured the store; there is no state until the first apply.
    expect(await readdir(join(work.dir, "states"))).toEqual([]);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const state = await stateOf(work);
    expect(state.resources[0]?.type).toBe("tsvider_file_content");
    expect(state.resources[0]?.instances[0]?.attributes.content).toBe("hello\n");
    // No local state file: the store is the only copy.
    expect(existsSync(join(work.dir, "terraform.tfstate"))).toBe(false);
    // Read back (in chunks of 100 bytes, the state is several hundred): nothing to change.
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code).toBe(0);
    // No lock is left behind.
    expect(await readdir(join(work.dir, "states"))).toEqual(["default.tfstate"]);
    // Terraform proposed its 8 MiB and took the 100 bytes the store asked for, and found
    // every chunk it read of the agreed size.
    const traced = await new Workdir({
      dir: work.dir,
      binary: terraform.binary,
      cliConfigFile: terraform.cliConfigFile,
      extraEnv: { ...pluggableState, TF_LOG: "TRACE" },
    }).run(["plan", "-no-color"]);
    expect(traced.stderr).toContain("proposing client capabilities: EXTRA_VALUE_AT_END=chunk_size:8388608");
    expect(traced.stderr).toContain(
      "negotiated a chunk size of 100 when configuring state store tsvider_filesystem_store",
    );
    expect(traced.stderr).toContain('received chunk for range: EXTRA_VALUE_AT_END="start:100  end:199"');
    expect(traced.stderr).not.toContain("Unexpected size of");
  });

  it("takes over a local state on init -force-copy", async () => {
    const work = await attachedProject("migrate", file("local\n"));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    await writeFile(
      join(work.dir, "main.tf"),
      `${await readFile(join(work.dir, "main.tf"), "utf8")}
terraform {
  state_store "tsvider_filesystem_store" {
    provider "tsvider" {}
    path = "states"
  }
}
`,
    );
    await work.run(["init", "-force-copy", "-no-color"]);
    // The object moved into the store (Terraform gives the copy a lineage of its own).
    const migrated = await stateOf(work);
    expect(migrated.resources[0]?.instances[0]?.attributes.content).toBe("local\n");
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code).toBe(0);
  });

  it("round-trips a state many chunks long unchanged", async () => {
    // About 200 KB of content in the state, through chunks of 4 KiB both ways.
    const big = `${"0123456789abcdef".repeat(4096 * 3)}\n`;
    const work = await attachedStateStoreProject("large", file(big), 4096);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const onDisk = await readFile(join(work.dir, "states", "default.tfstate"), "utf8");
    expect(onDisk.length).toBeGreaterThan(40 * 4096);
    expect((await stateOf(work)).resources[0]?.instances[0]?.attributes.content).toBe(big);
    // `state pull` reads it through ReadStateBytes, chunk by chunk.
    const pulled = await work.run(["state", "pull"]);
    expect(JSON.parse(pulled.stdout)).toEqual(JSON.parse(onDisk));
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code).toBe(0);
    // A change writes the whole state again, one serial on.
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace(big.trimEnd(), `${big.trimEnd()}!`),
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await stateOf(work)).serial).toBe(JSON.parse(onDisk).serial + 1);
  });

  it("has a state per workspace: new, list, delete", async () => {
    const work = await attachedStateStoreProject("workspaces", file("default\n"));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    await work.run(["workspace", "new", "-no-color", "staging"]);
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace('"out/f.txt"', '"out/staging.txt"'),
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await stateOf(work, "staging")).resources[0]?.instances[0]?.attributes.filename).toBe(
      "out/staging.txt",
    );
    expect((await stateOf(work, "default")).resources[0]?.instances[0]?.attributes.filename).toBe(
      "out/f.txt",
    );
    const listed = await work.run(["workspace", "list", "-no-color"]);
    expect(
      listed.stdout
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual(["default", "* staging"]);

    await work.run(["workspace", "select", "-no-color", "default"]);
    // A workspace that still manages resources is kept unless forced.
    const refused = await work.run(["workspace", "delete", "-no-color", "staging"], { okCodes: [1] });
    expect(refused.stderr).toContain("Workspace is not empty");
    await work.run(["workspace", "delete", "-force", "-no-color", "staging"]);
    expect((await readdir(join(work.dir, "states"))).sort()).toEqual(["default.tfstate"]);
    const after = await work.run(["workspace", "list", "-no-color"]);
    expect(after.stdout.trim()).toBe("* default");
  });

  it("fails a second Terraform while the first holds the lock, naming the holder", async () => {
    const work = await attachedStateStoreProject("locked", file("v1\n"));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace("v1", "v2"),
    );

    // The first: an apply waiting for its approval holds the lock all the while.
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith("TF_")) delete env[key];
    const holder = spawn(terraform.binary, ["apply", "-no-color"], {
      cwd: work.dir,
      env: {
        ...env,
        ...pluggableState,
        TF_REATTACH_PROVIDERS: work.reattach,
        TF_CLI_CONFIG_FILE: terraform.cliConfigFile,
        CHECKPOINT_DISABLE: "1",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let holderOut = "";
    const exited = new Promise<number>((resolve) => holder.on("close", (code) => resolve(code ?? -1)));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        holderOut += chunk;
        if (holderOut.includes("Enter a value:")) resolve();
      });
      holder.on("close", () => reject(new Error(`the holding apply ended early:\n${holderOut}`)));
    });
    const lock = JSON.parse(await readFile(join(work.dir, "states", "default.tfstate.lock"), "utf8")) as {
      ID: string;
      Who: string;
    };

    // The second.
    const blocked = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(blocked.stderr).toContain("Error acquiring the state lock");
    expect(blocked.stderr).toContain(`State "default" is locked by ${lock.Who}`);
    expect(blocked.stderr).toContain(`ID:        ${lock.ID}`);
    expect(blocked.stderr).toContain("Operation: OperationTypeApply");
    expect(blocked.stderr).toContain(`Who:       ${lock.Who}`);

    // The first goes on unharmed and releases the lock.
    holder.stdin.end("yes\n");
    expect(await exited).toBe(0);
    expect(holderOut).toContain("Apply complete!");
    expect(await readdir(join(work.dir, "states"))).toEqual(["default.tfstate"]);
    expect((await stateOf(work)).resources[0]?.instances[0]?.attributes.content).toBe("v2\n");
    await work.run(["plan", "-no-color"]);
  });

  it("releases a lock left by a holder that is gone with terraform force-unlock", async () => {
    const work = await attachedStateStoreProject("stale", file("stale\n"));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    // What a Terraform killed mid-apply leaves behind.
    const id = "5f0b1a2c-0000-4000-8000-000000000001";
    await writeFile(
      join(work.dir, "states", "default.tfstate.lock"),
      JSON.stringify({
        ID: id,
        Operation: "OperationTypeApply",
        Who: "gone@elsewhere",
        Created: "2026-01-01T00:00:00.000Z",
        Path: "states/default.tfstate",
        Info: "process 1",
      }),
    );
    const blocked = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(blocked.stderr).toContain('State "default" is locked by gone@elsewhere');
    expect(blocked.stderr).toContain(`terraform force-unlock ${id}`);
    const unlocked = await work.run(["force-unlock", "-force", "-no-color", id]);
    expect(unlocked.stdout).toContain("Terraform state has been successfully unlocked!");
    expect(existsSync(join(work.dir, "states", "default.tfstate.lock"))).toBe(false);
    await work.run(["plan", "-no-color"]);
  });
});
