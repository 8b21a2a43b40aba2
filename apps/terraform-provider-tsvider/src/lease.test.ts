// tsvider_lease on the real OpenTofu, where the examples cannot show it: a path another
// process's unexpired lease holds fails the plan at the ephemeral block's `path`, naming the
// holder, and leaves that lease alone; a bad ttl_seconds is refused at its line.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  initAttachedProject,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-lease-");
});
afterAll(() => tofu.cleanup());
// Each test's commands attach to one provider process (initAttachedProject): what the lease
// does with its file is the subject, not how tofu starts the provider.
afterEach(() => stopAttachedProviders());

const config = (ttl = "") => `ephemeral "tsvider_lease" "l" {
  name = "deploy"
  path = "locks/deploy.lease"${ttl}
}
resource "terraform_data" "use" {
  provisioner "local-exec" {
    command = "echo \${ephemeral.tsvider_lease.l.lease_id}"
  }
}
`;

describe("tsvider_lease on the real OpenTofu", () => {
  it("refuses a path another unexpired lease holds, at path, and leaves it alone", async () => {
    const work = await initAttachedProject(tofu, "held", config());
    await mkdir(join(work.dir, "locks"));
    const other = {
      lease_id: "0b6b4c8e-2f0e-4d7a-9a57-6a1f4f2a9c11",
      name: "someone else",
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      renewals: 3,
    };
    const lease = join(work.dir, "locks", "deploy.lease");
    await writeFile(lease, JSON.stringify(other));
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("Error: locks/deploy.lease is held by another lease");
    // tofu wraps the detail: compare it with the lines joined.
    expect(res.stderr.replace(/\s+/g, " ")).toContain(
      `Lease ${other.lease_id} (someone else) holds it until ${other.expires_at}.`,
    );
    expect(res.stderr).toContain('in ephemeral "tsvider_lease" "l":');
    expect(res.stderr).toContain('  path = "locks/deploy.lease"');
    expect(JSON.parse(await readFile(lease, "utf8"))).toEqual(other);

    // Once it has expired, the next run takes it over, and closing releases it.
    await writeFile(lease, JSON.stringify({ ...other, expires_at: "2000-01-01T00:00:00.000Z" }));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    await expect(readFile(lease, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("refuses a time to live out of range at its line", async () => {
    const work = await initAttachedProject(tofu, "ttl", config("\n  ttl_seconds = 0"));
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("Error: ttl_seconds must be between 1 and 86400");
    expect(res.stderr).toContain("  ttl_seconds = 0");
  });
});
