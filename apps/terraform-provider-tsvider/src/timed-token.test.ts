// tsvider_timed_token through the real tofu: without a secret for private state nothing is
// issued, and a token past its expiry is noticed by the refresh, with a warning at
// expires_at, and issued again.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-timed-token-");
});
afterAll(() => tofu?.cleanup());

const SECRET = { TSVIDER_PRIVATE_STATE_SECRET: "timed-token-test-secret-0001" };
const flat = (text: string) => text.replace(/\s+/g, " ");
const token = (lifetime: string) =>
  `resource "tsvider_timed_token" "t" {\n  name     = "ci"\n  lifetime = "${lifetime}"\n}\n`;

interface StateFile {
  resources: { instances: { attributes: { id: string; token: string; expires_at: string } }[] }[];
}
const stored = async (dir: string) =>
  (JSON.parse(await readFile(join(dir, "terraform.tfstate"), "utf8")) as StateFile).resources[0]!
    .instances[0]!.attributes;

describe("tsvider_timed_token on the real tofu", () => {
  it("issues nothing without a secret for private state, saying what to set", async () => {
    const work = await initProject(tofu, "no-secret", token("1h"), { TSVIDER_PRIVATE_STATE_SECRET: "" });
    const failed = await work.run(["apply", "-auto-approve", "-no-color"], { okCodes: [1] });
    expect(flat(failed.stderr)).toContain("TSVIDER_PRIVATE_STATE_SECRET");
    const state = await work.run(["state", "list", "-no-color"], { okCodes: [0, 1] });
    expect(state.stdout.trim()).toBe("");
  });

  it("notices an expired token on refresh, warns at expires_at, and issues a new one", async () => {
    const work = await initProject(tofu, "expiry", token("1s"), SECRET);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const first = await stored(work.dir);
    // Wait until the token's one second has surely passed (a wait, not a timing assertion).
    const expires = Date.parse(first.expires_at);
    await new Promise((done) => setTimeout(done, Math.max(0, expires - Date.now()) + 1100));

    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [2] });
    const out = flat(plan.stdout);
    expect(out).toContain('Warning: The token "ci" has expired');
    expect(out).toContain(`It expired at ${first.expires_at}.`);
    expect(out).toContain("tsvider_timed_token.t will be created");

    // A lifetime long enough to outlive the test; the change alone would replace it anyway.
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace('"1s"', '"1h"'),
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const second = await stored(work.dir);
    expect(second.id).not.toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect((await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] })).code).toBe(0);
  });

  it("refuses a lifetime that is not a duration, at its line", async () => {
    const work = await initProject(tofu, "bad-lifetime", token("one hour"), SECRET);
    const failed = await work.run(["validate", "-no-color"], { okCodes: [1] });
    const err = flat(failed.stderr);
    expect(err).toContain('on main.tf line 8, in resource "tsvider_timed_token" "t":');
    expect(err).toContain('"lifetime" must be a duration of hours, minutes and seconds');
  });
});
