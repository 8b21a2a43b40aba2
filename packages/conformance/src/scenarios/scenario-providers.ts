// What the protocol scenario suites share. Each scenario defines its own small provider in its
// test file (the scenarios are about the protocol's edge cases, not about any real component);
// here are the address they are all served under, the hosts a scenario runs on, and a journal
// for what handlers saw: the provider is served in the test's own process (reattach), so a test
// can read what its handlers recorded directly.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { resolveTerraform } from "../binary.js";

/** The source address every scenario provider is served as; its resource types start `scn_`. */
export const SCENARIO_ADDRESS = "tsvider/scn";

/** The provider name that goes with SCENARIO_ADDRESS. */
export const SCENARIO_PROVIDER = "scn";

export interface ScenarioHost {
  /** For test names. */
  readonly name: string;
  /** The binary to pass to acceptanceTest, or undefined for its default (the pinned OpenTofu, or TSVIDER_ACC_BINARY). */
  readonly binary: string | undefined;
}

/**
 * The hosts a scenario runs on: the default binary always, and the pinned Terraform too for
 * scenarios where Terraform calls RPCs (or fills fields) that OpenTofu does not. Terraform is
 * resolved when the suite is collected, so a missing TSVIDER_TERRAFORM fails loudly (with
 * BinaryNotFoundError saying what to set) instead of silently skipping half of a scenario.
 */
export function scenarioHosts(options: { readonly terraform: boolean }): ScenarioHost[] {
  const hosts: ScenarioHost[] = [{ name: "default (OpenTofu)", binary: undefined }];
  if (options.terraform) hosts.push({ name: "Terraform", binary: resolveTerraform() });
  return hosts;
}

/** Records what handlers saw, in order, for a test to assert on after each step. */
export class Journal<E> {
  readonly entries: E[] = [];
  record(entry: E): void {
    this.entries.push(entry);
  }
  clear(): void {
    this.entries.length = 0;
  }
}

/**
 * The `terraform.tfstate` a step left in `dir`, as text: number precision is asserted on the
 * digits the host wrote (JSON.parse would round them to doubles first), and dynamic values'
 * types are only there.
 */
export function stateFileText(dir: string): Promise<string> {
  return readFile(join(dir, "terraform.tfstate"), "utf8");
}

interface StoredInstance {
  readonly schema_version?: number;
  readonly attributes: Record<string, unknown>;
  readonly identity?: Record<string, unknown>;
  readonly private?: string;
}

/** The first instance of `type.name` in the state file a step left in `dir`. */
export async function storedInstance(dir: string, type: string, name: string): Promise<StoredInstance> {
  const state = JSON.parse(await stateFileText(dir)) as {
    resources?: { mode: string; type: string; name: string; instances: StoredInstance[] }[];
  };
  const found = state.resources?.find((r) => r.mode === "managed" && r.type === type && r.name === name);
  const instance = found?.instances[0];
  if (!instance) throw new Error(`terraform.tfstate in ${dir} holds no ${type}.${name}`);
  return instance;
}
