// Private state that cannot be downgraded, through the real tofu, editing the state file as an
// attacker would. tsvider_timed_token trusts its sealed private data over the state file; with
// the sealed blob replaced by plain JSON (`{}`, base64 "e30=") or removed, and an expired
// token's expires_at pushed forward, a plan must fail with the diagnostic a tampered blob gets,
// not plan "No changes". And a secret rotated with the old one kept as a previous secret loses
// nothing: the next apply reseals each object with the new secret, after which the old one can
// go.
//
// Each environment's commands attach to one provider process (attachedWorkdir): what is
// tested is what the provider makes of the state file tofu sends it, which does not depend on
// how tofu starts it, and a provider per command (three to five starts for each plan) was most
// of this file's CPU. The provider keeps nothing between requests: each plan reads the private
// data from the state file anew.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CommandFailedError, type CommandResult, type Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  attachedWorkdir,
  initAttachedProject,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "../tofu.test-support.js";
import { record } from "./counts.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-private-downgrade-");
});
afterAll(() => tofu.cleanup());
afterEach(() => stopAttachedProviders());

const SECRET_A = "rotation-secret-A-0000000001";
const SECRET_B = "rotation-secret-B-0000000002";
const DISCARD = "TSVIDER_PRIVATE_STATE_DISCARD_UNREADABLE";
const PREVIOUS = "TSVIDER_PRIVATE_STATE_PREVIOUS_SECRETS";
const FAR_FUTURE = "2099-01-01T00:00:00.000Z";
const token = (lifetime: string) => `resource "tsvider_timed_token" "t" {
  name     = "ci"
  lifetime = "${lifetime}"
}
`;
const flat = (text: string) => text.replace(/\s+/g, " ");

interface Instance {
  private?: string;
  attributes: { id: string; token: string; expires_at: string };
}
interface StateFile {
  serial: number;
  resources: { type: string; instances: Instance[] }[];
}

async function readState(dir: string): Promise<StateFile> {
  return JSON.parse(await readFile(join(dir, "terraform.tfstate"), "utf8")) as StateFile;
}
function tokenOf(state: StateFile): Instance {
  const instance = state.resources.find((r) => r.type === "tsvider_timed_token")?.instances[0];
  if (!instance) throw new Error("tsvider_timed_token.t is not in the state file");
  return instance;
}
/** Rewrites the state file's token instance, as someone with write access to it would. */
async function editState(dir: string, edit: (instance: Instance) => void): Promise<void> {
  const state = await readState(dir);
  edit(tokenOf(state));
  state.serial += 1;
  await writeFile(join(dir, "terraform.tfstate"), JSON.stringify(state, null, 2));
}
/** The same directory, run with another environment for the provider (a provider of its own). */
const withEnv = (work: Workdir, env: NodeJS.ProcessEnv) => attachedWorkdir(tofu, work.dir, env);
const failed = async (run: Promise<CommandResult>): Promise<CommandResult> => {
  const err = await run.then(
    (res) => res,
    (e: unknown) => e,
  );
  if (!(err instanceof CommandFailedError))
    throw new Error(`expected the command to fail:\n${JSON.stringify(err)}`);
  return err.result;
};

describe("private state that cannot be downgraded, on the real tofu", () => {
  it("refuses an expired token whose sealed data was replaced by JSON or removed and whose expiry was pushed forward", async () => {
    const env = { TSVIDER_PRIVATE_STATE_SECRET: SECRET_A, [PREVIOUS]: "", [DISCARD]: "" };
    const work = await initAttachedProject(tofu, "downgrade", token("2s"), env);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const honest = await readFile(join(work.dir, "terraform.tfstate"), "utf8");
    const issued = tokenOf(JSON.parse(honest) as StateFile);
    expect(Buffer.from(issued.private!, "base64").subarray(0, 4).toString("latin1")).toBe("tsv1");
    // Wait until the token has surely expired (a wait, not a timing assertion).
    await new Promise((done) =>
      setTimeout(done, Math.max(0, Date.parse(issued.attributes.expires_at) - Date.now()) + 1100),
    );

    // The attack: private data replaced, expiry pushed forward.
    const setPrivate = (value: string) => (instance: Instance) => {
      instance.private = value;
    };
    const forgeries: [string, (instance: Instance) => void, RegExp][] = [
      ["e30= ({})", setPrivate("e30="), /It is plain JSON, not sealed private data/],
      [
        "another SDK's JSON",
        setPrivate(Buffer.from('{"schema_version":"1"}').toString("base64")),
        /It is plain JSON/,
      ],
      ["an empty blob", setPrivate(""), /It is missing/],
      [
        "no blob at all",
        (instance) => {
          delete instance.private;
        },
        /It is missing/,
      ],
    ];
    for (const [what, forge, why] of forgeries) {
      await writeFile(join(work.dir, "terraform.tfstate"), honest);
      await editState(work.dir, (instance) => {
        forge(instance);
        instance.attributes.expires_at = FAR_FUTURE;
      });
      const plan = await failed(work.run(["plan", "-detailed-exitcode", "-no-color"]));
      const out = flat(plan.stderr);
      expect(plan.code, what).toBe(1);
      expect(out, what).toContain("Error: Unreadable private state for tsvider_timed_token");
      expect(out, what).toContain("with tsvider_timed_token.t");
      expect(out, what).toMatch(why);
      expect(out, what).toContain(`set ${DISCARD}=1 for one run`);
      expect(flat(plan.stdout), what).not.toContain("No changes");
    }

    // The honest state, for contrast: the refresh notices the expiry and plans a new token.
    await writeFile(join(work.dir, "terraform.tfstate"), honest);
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [2] });
    expect(flat(plan.stdout)).toContain('Warning: The token "ci" has expired');
    expect(flat(plan.stdout)).toContain("tsvider_timed_token.t will be created");
    record("forged private state (tofu plan)", { forgeries: forgeries.length, refused: forgeries.length });
  }, 240_000);

  it("rotates the secret without losing private data: the old one kept as previous, then dropped", async () => {
    const withA = { TSVIDER_PRIVATE_STATE_SECRET: SECRET_A, [PREVIOUS]: "", [DISCARD]: "" };
    const a = await initAttachedProject(tofu, "rotation", token("1h"), withA);
    await a.run(["apply", "-auto-approve", "-no-color"]);
    const first = tokenOf(await readState(a.dir));

    // Rotated without the old secret: refused, saying how to keep it.
    const bOnly = await withEnv(a, { TSVIDER_PRIVATE_STATE_SECRET: SECRET_B, [PREVIOUS]: "", [DISCARD]: "" });
    const refused = await failed(bOnly.run(["plan", "-no-color"]));
    expect(flat(refused.stderr)).toContain("Unreadable private state for tsvider_timed_token");
    expect(flat(refused.stderr)).toContain(`set the old one in ${PREVIOUS}`);

    // B seals, A still opens: no discard flag, nothing to change, and the apply reseals.
    const rotating = await withEnv(a, {
      TSVIDER_PRIVATE_STATE_SECRET: SECRET_B,
      [PREVIOUS]: SECRET_A,
      [DISCARD]: "",
    });
    const plan = await rotating.run(["plan", "-detailed-exitcode", "-no-color"]);
    expect(plan.stdout).toContain("No changes");
    const applied = await rotating.run(["apply", "-auto-approve", "-no-color"]);
    expect(applied.stderr).toBe("");
    const resealed = tokenOf(await readState(a.dir));
    expect(resealed.private).not.toBe(first.private);
    expect(resealed.attributes).toEqual(first.attributes);

    // A dropped: B alone reads the resealed data. The expiry in the state file is pushed
    // forward, and the refresh puts back the one kept in private state: the data survived.
    await editState(a.dir, (instance) => {
      instance.attributes.expires_at = FAR_FUTURE;
    });
    const refreshed = await bOnly.run(["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    expect(refreshed.stderr).toBe("");
    const after = tokenOf(await readState(a.dir));
    expect(after.attributes).toEqual(first.attributes);
    const steady = await bOnly.run(["plan", "-detailed-exitcode", "-no-color"]);
    expect(steady.stdout).toContain("No changes");
    record("private state key rotation", {
      rotations: 1,
      "objects kept": 1,
      "refused without the old key": 1,
    });
  }, 240_000);
});
