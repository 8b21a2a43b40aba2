// defineSweepers and runSweepers on their own: the order dependencies give, what a failure does
// to the sweepers after it, `only` and `prefix`, and the sets they refuse. `tsvider sweep`
// (packages/cli/src/commands/sweep.test.ts) runs them from a project.
import { describe, expect, it } from "vitest";
import { defineSweepers, runSweepers, type SweepContext } from "./sweepers.js";

describe("runSweepers", () => {
  it("runs each sweeper after its dependencies, with the prefix, and collects what each deleted", async () => {
    const calls: string[] = [];
    const set = defineSweepers({
      prefix: "tfacc",
      sweepers: {
        network: {
          dependencies: ["subnet", "instance"],
          sweep: ({ prefix }: SweepContext) => {
            calls.push(`network ${prefix}`);
            return ["tfacc-net"];
          },
        },
        subnet: {
          dependencies: ["instance"],
          sweep: ({ deleted, matches }: SweepContext) => {
            calls.push("subnet");
            for (const name of ["tfacc-a", "prod-b", "tfacc-a"]) if (matches(name)) deleted(name);
          },
        },
        instance: { sweep: async () => void calls.push("instance") },
      },
    });
    const report = await runSweepers(set, { env: {} });
    expect(calls).toEqual(["instance", "subnet", "network tfacc"]);
    expect(report).toEqual({
      prefix: "tfacc",
      failed: false,
      outcomes: [
        { name: "instance", status: "swept", deleted: [] },
        { name: "subnet", status: "swept", deleted: ["tfacc-a"] },
        { name: "network", status: "swept", deleted: ["tfacc-net"] },
      ],
    });
  });

  it("skips what depends on a failed sweeper, runs the rest, and reports failed", async () => {
    const set = defineSweepers({
      prefix: "p",
      sweepers: {
        a: {
          sweep: ({ deleted }: SweepContext) => {
            deleted("p-1");
            throw new Error("quota API down");
          },
        },
        b: { dependencies: ["a"], sweep: () => ["p-2"] },
        c: { dependencies: ["b"], sweep: () => ["p-3"] },
        d: { sweep: () => ["p-4"] },
      },
    });
    const report = await runSweepers(set);
    expect(report.failed).toBe(true);
    expect(report.outcomes).toEqual([
      { name: "a", status: "failed", deleted: ["p-1"], error: "quota API down" },
      { name: "b", status: "skipped", deleted: [], error: "not run: it runs after a, which did not finish" },
      { name: "c", status: "skipped", deleted: [], error: "not run: it runs after b, which did not finish" },
      { name: "d", status: "swept", deleted: ["p-4"] },
    ]);
  });

  it("runs only the sweepers asked for and their dependencies, with another prefix", async () => {
    const ran: string[] = [];
    const sweeper = (name: string, dependencies: string[] = []) => ({
      dependencies,
      sweep: ({ prefix }: SweepContext) => void ran.push(`${name}:${prefix}`),
    });
    const set = defineSweepers({
      prefix: "tfacc",
      sweepers: { a: sweeper("a"), b: sweeper("b", ["a"]), c: sweeper("c") },
    });
    await runSweepers(set, { only: ["b"], prefix: "ci" });
    expect(ran).toEqual(["a:ci", "b:ci"]);
    await expect(runSweepers(set, { only: ["z"] })).rejects.toThrow(
      'no sweeper named "z"; the sweepers are a, b, c',
    );
    await expect(runSweepers(set, { prefix: "" })).rejects.toThrow(/the prefix given is ""; give the prefix/);
  });
});

describe("defineSweepers", () => {
  it("refuses unknown dependencies, cycles, a missing sweep and an empty prefix, saying which", () => {
    const sweep = () => {};
    expect(() => defineSweepers({ prefix: "p", sweepers: { a: { dependencies: ["b"], sweep } } })).toThrow(
      'sweeper "a" depends on "b", which is not a sweeper in the set (it has a)',
    );
    expect(() =>
      defineSweepers({
        prefix: "p",
        sweepers: {
          a: { dependencies: ["c"], sweep },
          b: { dependencies: ["a"], sweep },
          c: { dependencies: ["b"], sweep },
        },
      }),
    ).toThrow("sweepers depend on each other in a cycle: a -> c -> b -> a; remove one of these dependencies");
    expect(() => defineSweepers({ prefix: "p", sweepers: { a: {} as never } })).toThrow(
      'sweeper "a" has no sweep function',
    );
    expect(() => defineSweepers({ prefix: "", sweepers: {} })).toThrow(/defineSweepers' prefix is ""/);
  });
});
