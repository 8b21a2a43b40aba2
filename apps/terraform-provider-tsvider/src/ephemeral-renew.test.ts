// An ephemeral resource's renewals through the real OpenTofu: a lease that asks to be renewed
// every 200 ms, held open by a resource that takes 1.5 s to create with the lease's value in a
// write-only attribute. OpenTofu renews it (with the private data open gave) while the create
// runs, and closes it afterwards; the test-only components journal each call.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-ephemeral-renew-");
});
afterAll(() => tofu?.cleanup());

const config = `
ephemeral "tsvider_test_lease" "l" {
  journal        = "\${path.module}/journal.txt"
  renew_after_ms = 200
}
resource "tsvider_test_slow" "s" {
  delay_ms = 1500
  token_wo = ephemeral.tsvider_test_lease.l.token
}
`;

describe("ephemeral resource renewal", () => {
  it("is renewed by OpenTofu while still in use, with its private data, then closed", async () => {
    const work = await initProject(tofu, "renew", config, { TSVIDER_TESTMODE: "true" });
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const lines = (await readFile(join(work.dir, "journal.txt"), "utf8")).trim().split("\n");
    const calls = lines.map((line) => line.split(" ") as [string, string]);
    // Opened at plan and closed, then opened again for the apply, renewed during the slow
    // create, and closed: every renew and close names the lease its own open made.
    const applyOpen = calls.map(([call]) => call).lastIndexOf("open");
    expect(applyOpen, lines.join("\n")).toBeGreaterThan(0);
    const lease = calls[applyOpen]![1];
    const afterOpen = calls.slice(applyOpen + 1);
    expect(afterOpen.length, lines.join("\n")).toBeGreaterThan(1);
    expect(afterOpen.every(([, id]) => id === lease)).toBe(true);
    expect(afterOpen.at(-1)?.[0]).toBe("close");
    expect(afterOpen.slice(0, -1).map(([call]) => call)).toEqual(afterOpen.slice(0, -1).map(() => "renew"));
    // The lease's value went to a write-only attribute: nowhere in state.
    const state = await readFile(join(work.dir, "terraform.tfstate"), "utf8");
    expect(state).not.toContain(lease);
  });
});
