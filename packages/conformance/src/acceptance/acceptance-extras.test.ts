// What acceptanceTest offers besides steps, through the real tofu: requirements and preCheck
// (skipping with the reason in vitest's output, or failing), checkDestroy after the final
// destroy, the known-value matchers and exact numbers on real state and plans, and compareValue
// across an in-place update and a replacement. The provider below keeps its "remote" objects in
// a Map of this process, so a test can leave one behind on purpose.
import { attr, type Decimal, defineProvider, defineResource, type Provider, t } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import {
  AcceptanceTestError,
  acceptanceTest,
  compareValue,
  match,
  planCheck,
  randomName,
  stateCheck,
} from "../index.js";

interface Db {
  id: string;
  name: string;
  size: number | bigint | Decimal | null;
  tags: Record<string, string> | null;
  ports: readonly string[] | null;
}

function dbProvider(options: { leak?: boolean } = {}): { provider: Provider; remote: Map<string, Db> } {
  const remote = new Map<string, Db>();
  let serial = 0;
  const db = defineResource({
    typeName: "acc_db",
    schema: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true, requiresReplace: true }),
      size: attr.number({ optional: true }),
      tags: attr.map(t.string, { optional: true }),
      ports: attr.set(t.string, { optional: true }),
    },
    async create({ plan }) {
      serial += 1;
      const stored: Db = { ...plan, id: `db-${serial}` };
      remote.set(stored.id, stored);
      return { ...stored };
    },
    async read({ state }) {
      const stored = state.id === null ? undefined : remote.get(state.id);
      return stored ? { ...stored } : null;
    },
    async update({ plan, state }) {
      const stored: Db = { ...plan, id: state.id ?? "" };
      remote.set(stored.id, stored);
      return { ...stored };
    },
    async delete({ state }) {
      // A provider that reports success but leaves the object: what checkDestroy is for.
      if (!options.leak && state.id !== null) remote.delete(state.id);
    },
  });
  return { provider: defineProvider({ name: "acc", version: "0.0.1", resources: [db] }), remote };
}

const dbConfig = (name: string, extra = "") => `resource "acc_db" "d" {\n  name = "${name}"\n${extra}}\n`;

describe("requirements and preCheck", () => {
  it("skips through the runner's skip with the missing variable named, before anything runs", async (ctx) => {
    const reasons: string[] = [];
    const { provider, remote } = dbProvider();
    const result = await acceptanceTest({
      provider,
      address: "example/acc",
      requireEnv: ["TSVIDER_TEST_UNSET_VARIABLE"],
      // A runner whose skip returns (as node:test's t.skip does): acceptanceTest returns then.
      skip: (reason) => reasons.push(reason),
      // Not even looked for: a machine without tofu skips the same way.
      binary: "/nowhere/tofu",
      steps: [{ config: dbConfig("never") }],
    });
    expect(reasons).toEqual(["TSVIDER_TEST_UNSET_VARIABLE is not set (requireEnv); set it to run it"]);
    expect(result).toEqual({ binary: "", dir: "", skipped: reasons[0] });
    expect(remote.size).toBe(0);

    // vitest's ctx.skip ends this test as skipped, with the reason beside it in the output.
    const { provider: optIn } = dbProvider();
    await acceptanceTest({
      provider: optIn,
      address: "example/acc",
      optIn: true,
      skip: ctx.skip,
      steps: [{ config: dbConfig("never") }],
    });
    throw new Error("ctx.skip should have ended the test");
  });

  it("runs a test whose variables are set, and a preCheck before the first step", async () => {
    const { provider, remote } = dbProvider();
    const order: string[] = [];
    process.env.TSVIDER_TEST_SET_VARIABLE = "yes";
    try {
      await acceptanceTest({
        provider,
        address: "example/acc",
        requireEnv: ["TSVIDER_TEST_SET_VARIABLE"],
        env: { ACC_ENDPOINT: "http://127.0.0.1:1" },
        preCheck: ({ env, binary }) => {
          order.push(`preCheck ${env.ACC_ENDPOINT} ${binary === process.env.TSVIDER_TOFU}`);
        },
        steps: [{ config: dbConfig("checked"), check: () => void order.push(`step ${remote.size}`) }],
      });
    } finally {
      delete process.env.TSVIDER_TEST_SET_VARIABLE;
    }
    expect(order).toEqual(["preCheck http://127.0.0.1:1 true", "step 1"]);
  });

  it("lets preCheck skip the test with its reason, or fail it with its message", async () => {
    const { provider, remote } = dbProvider();
    const reasons: string[] = [];
    const skipped = await acceptanceTest({
      provider,
      address: "example/acc",
      skip: (reason) => reasons.push(reason),
      preCheck: (ctx) => ctx.skip("the database at 127.0.0.1:1 does not answer"),
      steps: [{ config: dbConfig("never") }],
    });
    expect(skipped.skipped).toBe("the database at 127.0.0.1:1 does not answer");
    expect(reasons).toEqual([skipped.skipped]);

    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      preCheck: () => {
        throw new Error("PGPASSWORD is set but the server refuses it: check the password");
      },
      steps: [{ config: dbConfig("never") }],
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AcceptanceTestError);
    expect((failure as Error).message).toMatch(
      /^preCheck \(before the first step\) failed on \S+tofu: preCheck failed: PGPASSWORD is set but the server refuses it: check the password$/,
    );
    expect(remote.size).toBe(0);
  });
  it("lets the runner's own skip through when preCheck calls it", async (ctx) => {
    const { provider } = dbProvider();
    await acceptanceTest({
      provider,
      address: "example/acc",
      preCheck: () => ctx.skip("skipped by vitest's ctx.skip inside preCheck"),
      steps: [{ config: dbConfig("never") }],
    });
    throw new Error("ctx.skip should have ended the test");
  });
});

describe("checkDestroy", () => {
  it("gets the resources of the last state after the final destroy, and passes when they are gone", async () => {
    const { provider, remote } = dbProvider();
    let seen: string[] = [];
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: `${dbConfig("a")}resource "acc_db" "e" {\n  name = "b"\n}\n` }],
      checkDestroy: ({ resources }) => {
        // Created in parallel, so which got db-1 varies; the names do not.
        seen = resources.map(
          (r) => `${r.address} ${String(r.values.name)} ${/^db-\d$/.test(String(r.values.id))}`,
        );
        for (const r of resources) {
          if (remote.has(String(r.values.id)))
            throw new Error(`${r.address} (${String(r.values.id)}) still exists`);
        }
      },
    });
    expect(seen.sort()).toEqual(["acc_db.d a true", "acc_db.e b true"]);
    expect(remote.size).toBe(0);
  });

  it("fails the test with the author's message when something still exists remotely", async () => {
    const { provider, remote } = dbProvider({ leak: true });
    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: dbConfig("leaky") }],
      checkDestroy: ({ resources }) => {
        for (const r of resources) {
          const id = String(r.values.id);
          if (remote.has(id)) throw new Error(`database ${id} still exists after the destroy`);
        }
      },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AcceptanceTestError);
    expect((failure as Error).message).toMatch(
      /^the final destroy \(after the last step\) failed on \S+: checkDestroy failed: database db-1 still exists after the destroy$/,
    );
  });
});

describe("known values on real state and plans", () => {
  it("matches maps, sets and exact numbers as tofu stores them, and says where one differs", async () => {
    const { provider } = dbProvider();
    const config = dbConfig(
      "values",
      '  size  = 9007199254740993\n  tags  = { env = "prod", team = "data" }\n  ports = ["443", "80", "8080"]\n',
    );
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        {
          config,
          planChecks: {
            preApply: [
              planCheck.planned(
                "acc_db.d",
                [],
                match.partial({ id: match.unknown(), size: 9007199254740993n }),
              ),
              planCheck.planned("acc_db.d", "tags", { env: "prod", team: match.known() }),
            ],
          },
          stateChecks: [
            stateCheck.attribute("acc_db.d", "size", 9007199254740993n),
            stateCheck.attribute("acc_db.d", "size", match.number("9007199254740993")),
            stateCheck.attribute("acc_db.d", "tags", match.partial({ env: "prod" })),
            stateCheck.attribute("acc_db.d", "ports", match.unordered(["8080", "80", "443"])),
            stateCheck.attribute("acc_db.d", "ports", match.contains(["80"])),
          ],
        },
      ],
    });
    // A double cannot say 2^53 + 1: the state's number is compared exactly, and this is not it.
    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        {
          config,
          stateChecks: [stateCheck.attribute("acc_db.d", "size", 9007199254740992)],
        },
      ],
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toContain(
      "acc_db.d.size: expected 9007199254740992, found 9007199254740993",
    );
    const partial = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        { config, stateChecks: [stateCheck.attribute("acc_db.d", "tags", match.partial({ env: "dev" }))] },
      ],
    }).catch((e: unknown) => e);
    expect((partial as Error).message).toContain("acc_db.d.tags.env: expected 'dev', found 'prod'");
  });
});

describe("compareValue across steps", () => {
  it("sees the id stay through an in-place update and change on a replacement", async () => {
    const { provider } = dbProvider();
    const id = compareValue("acc_db.d", "id");
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        { config: dbConfig("one"), stateChecks: [id.record()] },
        {
          config: dbConfig("one", "  size = 2\n"),
          planChecks: { preApply: [planCheck.action("acc_db.d", "update")] },
          stateChecks: [id.same()],
        },
        {
          config: dbConfig("two", "  size = 2\n"),
          planChecks: { preApply: [planCheck.action("acc_db.d", "replace")] },
          stateChecks: [id.differs()],
        },
      ],
    });
    expect(id.values).toEqual(["db-1", "db-1", "db-2"]);

    const wrong = compareValue("acc_db.d", "id");
    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        { config: dbConfig("three"), stateChecks: [wrong.record()] },
        { config: dbConfig("four"), stateChecks: [wrong.same()] },
      ],
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toContain(
      `step 2 of 2 (config) failed on ${(failure as AcceptanceTestError).binary}: state check "acc_db.d.id is the same as at the previous check" failed: acc_db.d.id changed from 'db-3' to 'db-4'; expected it to stay the same`,
    );
  });

  it("names objects with randomName, which the provider stores as given", async () => {
    const { provider, remote } = dbProvider();
    const name = randomName("tfacc");
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        {
          config: dbConfig(name),
          stateChecks: [stateCheck.attribute("acc_db.d", "name", name)],
          check: () => expect([...remote.values()].map((d) => d.name)).toEqual([name]),
        },
      ],
    });
  });
});
