// tsvider_lease through the test kit: the lease file as open writes it, renew extends it, close
// removes it; a path held by another unexpired lease refused, an expired one taken over, a lost
// lease reported at renew; bad input refused at the attribute.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { type LeaseFile, leaseEphemeral } from "./lease.js";

const TYPE = "tsvider_lease";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", ephemeralResources: [leaseEphemeral()] }),
);

const leaseIn = async (path: string) => JSON.parse(await readFile(path, "utf8")) as LeaseFile;

describe("leaseEphemeral", () => {
  it("writes the lease file on open, extends it on renew, removes it on close", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    const path = join(dir, "locks", "deploy.lease");
    const opened = await kit.ephemeral.open(TYPE, { name: "deploy", path, ttl_seconds: 60 });
    expect(opened.diagnostics).toEqual([]);
    const result = opened.result!;
    expect(result).toMatchObject({ name: "deploy", path, ttl_seconds: 60 });
    expect(result.lease_id).toMatch(/^[0-9a-f-]{36}$/);
    const expires = Date.parse(String(result.expires_at));
    // Terraform is asked to renew before the lease lapses: at half its time to live.
    expect(opened.renewAt!.getTime()).toBeLessThan(expires);
    expect(expires - opened.renewAt!.getTime()).toBe(30_000);
    const onDisk = await leaseIn(path);
    expect(onDisk).toEqual({
      lease_id: result.lease_id,
      name: "deploy",
      expires_at: result.expires_at,
      renewals: 0,
    });

    const renewed = await kit.ephemeral.renew(opened);
    expect(renewed.diagnostics).toEqual([]);
    const afterRenew = await leaseIn(path);
    expect(afterRenew.lease_id).toBe(result.lease_id);
    expect(afterRenew.renewals).toBe(1);
    expect(Date.parse(afterRenew.expires_at)).toBeGreaterThanOrEqual(expires);
    expect(renewed.renewAt!.getTime()).toBe(Date.parse(afterRenew.expires_at) - 30_000);
    // The count rides in the private data, from renewal to renewal.
    await kit.ephemeral.renew(renewed);
    expect((await leaseIn(path)).renewals).toBe(2);

    expect((await kit.ephemeral.close(renewed)).diagnostics).toEqual([]);
    expect(existsSync(path)).toBe(false);
    // No temporary file left beside it.
    expect(await readdir(join(dir, "locks"))).toEqual([]);
  });

  it("goes through Terraform's whole cycle with the default time to live", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    const path = join(dir, "l.lease");
    const cycle = await kit.ephemeral.cycle(TYPE, { name: "n", path });
    expect(cycle.opened.result?.ttl_seconds).toBeNull();
    const expires = Date.parse(String(cycle.opened.result?.expires_at));
    expect(expires - cycle.opened.renewAt!.getTime()).toBe(15_000);
    expect(cycle.renewals).toHaveLength(1);
    expect(existsSync(path)).toBe(false);
  });

  it("refuses a path another unexpired lease holds, and leaves that lease alone", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    const path = join(dir, "held.lease");
    const first = await kit.ephemeral.open(TYPE, { name: "first", path });
    const second = await kit.ephemeral.open(TYPE, { name: "second", path });
    expect(second.result).toBeNull();
    expect(second.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: `${path} is held by another lease`,
        detail: expect.stringContaining(`Lease ${String(first.result!.lease_id)} (first) holds it until `),
        path: [{ attribute: "path" }],
      },
    ]);
    expect((await leaseIn(path)).lease_id).toBe(first.result!.lease_id);
    await kit.ephemeral.close(first);
    expect(existsSync(path)).toBe(false);
  });

  it("takes over an expired lease; the old holder's renew reports it lost and its close leaves the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    const path = join(dir, "l.lease");
    const old = await kit.ephemeral.open(TYPE, { name: "old", path });
    // The old holder missed its renewals: its lease has expired.
    await writeFile(
      path,
      JSON.stringify({ ...(await leaseIn(path)), expires_at: "2000-01-01T00:00:00.000Z" }),
    );
    const taker = await kit.ephemeral.open(TYPE, { name: "new", path });
    expect(taker.diagnostics).toEqual([]);
    expect((await leaseIn(path)).lease_id).toBe(taker.result!.lease_id);

    const lost = await kit.ephemeral.renew(old);
    expect(lost.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: `Lease ${String(old.result!.lease_id)} on ${path} is lost`,
        detail: expect.stringContaining(`now holds lease ${String(taker.result!.lease_id)}`),
      },
    ]);
    await kit.ephemeral.close(old);
    expect((await leaseIn(path)).lease_id).toBe(taker.result!.lease_id);
    await kit.ephemeral.close(taker);
    expect(existsSync(path)).toBe(false);
  });

  it("reports a lease whose file was removed as lost at renew", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    const path = join(dir, "l.lease");
    const opened = await kit.ephemeral.open(TYPE, { name: "n", path });
    await rm(path);
    const renewed = await kit.ephemeral.renew(opened);
    expect(renewed.diagnostics).toMatchObject([
      { severity: "error", detail: "The lease file was removed while Terraform still used the lease." },
    ]);
    expect(existsSync(path)).toBe(false);
  });

  it("never overwrites a file at the path that is not a lease", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    const path = join(dir, "notes.txt");
    await writeFile(path, "my notes\n");
    const opened = await kit.ephemeral.open(TYPE, { name: "n", path });
    expect(opened.diagnostics).toMatchObject([
      { severity: "error", summary: `${path} is not a lease file`, path: [{ attribute: "path" }] },
    ]);
    expect(await readFile(path, "utf8")).toBe("my notes\n");
    expect(await readdir(dir)).toEqual(["notes.txt"]);
  });

  it("fails at the path when the lease file cannot be written", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lease-"));
    await writeFile(join(dir, "taken"), "a file, not a directory\n");
    const path = join(dir, "taken", "l.lease");
    const opened = await kit.ephemeral.open(TYPE, { name: "n", path });
    expect(opened.diagnostics).toMatchObject([
      { severity: "error", summary: `Cannot take the lease ${path}`, path: [{ attribute: "path" }] },
    ]);
  });

  it("waits for a time to live not known yet", async () => {
    const { diagnostics } = await kit.ephemeral.validate(TYPE, {
      name: "n",
      path: "p",
      ttl_seconds: Unknown,
    });
    expect(diagnostics).toEqual([]);
  });

  it("refuses bad input at the attribute", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "", path: "p" }, "name", "name is empty"],
      [{ name: "n", path: "" }, "path", "path is empty"],
      [{ name: "n", path: "p", ttl_seconds: 0.5 }, "ttl_seconds", "ttl_seconds must be between 1 and 86400"],
      [
        { name: "n", path: "p", ttl_seconds: 86401 },
        "ttl_seconds",
        "ttl_seconds must be between 1 and 86400",
      ],
    ];
    for (const [config, attribute, summary] of cases) {
      const { diagnostics } = await kit.ephemeral.validate(TYPE, config);
      expect(diagnostics, JSON.stringify(config)).toMatchObject([
        { severity: "error", summary, path: [{ attribute }] },
      ]);
    }
  });
});
