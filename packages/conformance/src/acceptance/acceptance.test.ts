// The acceptance harness itself, on the real tofu (and once on terraform): a small provider
// defined below, served from this process through TF_REATTACH_PROVIDERS.
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import {
  attr,
  defineProvider,
  defineResource,
  identityAttr,
  type Provider,
  ResourceError,
  serve,
} from "@tsvider/framework";
import { afterEach, describe, expect, it } from "vitest";
import { resolveTerraform } from "../binary.js";
import { AcceptanceTestError, acceptanceTest, BinaryNotFoundError, planCheck, stateCheck } from "../index.js";

// The provider under test: `acc_note` objects kept in a Map in this process (so a test sees what
// the provider created and destroyed), with an identity, import and a sensitive attribute; and
// `acc_drift`, whose read never agrees with its config.

interface Note {
  id: string;
  name: string;
  content: string;
  secret: string | null;
}

function noteProvider(): { provider: Provider; notes: Map<string, Note> } {
  const notes = new Map<string, Note>();
  let serial = 0;
  const note = defineResource({
    typeName: "acc_note",
    schema: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true, requiresReplace: true }),
      content: attr.string({ required: true }),
      secret: attr.string({ optional: true, sensitive: true }),
    },
    identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
    async create({ plan, setIdentity }) {
      if (plan.content === "fail") {
        throw new ResourceError('acc_note refuses the content "fail"', {
          path: [{ attribute: "content" }],
          detail: "Nothing was stored.",
        });
      }
      serial += 1;
      const stored: Note = {
        id: `note-${serial}`,
        name: plan.name,
        content: plan.content,
        secret: plan.secret,
      };
      notes.set(plan.name, stored);
      setIdentity({ name: plan.name });
      return { ...stored };
    },
    async read({ state }) {
      const stored = notes.get(state.name);
      return stored ? { ...stored } : null;
    },
    async update({ plan, state }) {
      const stored: Note = {
        id: state.id ?? "",
        name: plan.name,
        content: plan.content,
        secret: plan.secret,
      };
      notes.set(plan.name, stored);
      return { ...stored };
    },
    async delete({ state }) {
      notes.delete(state.name);
    },
    async importState(ctx) {
      const name = ctx.id !== null ? ctx.id : ctx.identity.name;
      const stored = notes.get(name);
      if (!stored) throw new ResourceError(`no note named "${name}"`);
      return { ...stored };
    },
  });
  // Reads back a value other than the one applied: a provider that never converges.
  const drift = defineResource({
    typeName: "acc_drift",
    schema: { value: attr.string({ required: true }) },
    async create({ plan }) {
      return plan;
    },
    async read({ state }) {
      return { ...state, value: `${state.value}-drifted` };
    },
    async update({ plan }) {
      return plan;
    },
    async delete() {},
  });
  const provider = defineProvider({ name: "acc", version: "0.0.1", resources: [note, drift] });
  return { provider, notes };
}

const note = (content: string, extra = "") =>
  `resource "acc_note" "n" {\n  name    = "first"\n  content = ${JSON.stringify(content)}\n${extra}}\n`;

describe("acceptanceTest with a provider served in-process", () => {
  it("creates, updates, checks plans and state, imports, and destroys at the end", async () => {
    const { provider, notes } = noteProvider();
    let seenDuring: string | undefined;
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        {
          config: note("one", '  secret  = "s3cret"\n'),
          planChecks: {
            preApply: [
              planCheck.action("acc_note.n", "create"),
              planCheck.unknown("acc_note.n", "id"),
              planCheck.known("acc_note.n", "content", "one"),
              planCheck.sensitive("acc_note.n", "secret"),
            ],
          },
          stateChecks: [
            stateCheck.attribute("acc_note.n", "content", "one"),
            stateCheck.attribute("acc_note.n", "id", stateCheck.regex(/^note-\d+$/)),
            stateCheck.attribute("acc_note.n", "secret", stateCheck.notNull()),
            stateCheck.identity("acc_note.n", { name: "first" }),
          ],
          check: (ctx) => {
            seenDuring = notes.get("first")?.content;
            expect(ctx.state.values?.root_module?.resources).toHaveLength(1);
          },
        },
        {
          config: note("two"),
          planChecks: { preApply: [planCheck.action("acc_note.n", "update")] },
          stateChecks: [
            stateCheck.attribute("acc_note.n", "content", "two"),
            stateCheck.attribute("acc_note.n", "secret", stateCheck.null()),
          ],
        },
        { importState: { resourceName: "acc_note.n", id: "first", verify: true } },
        { importState: { resourceName: "acc_note.n", identity: { name: "first" }, verify: true } },
        { planOnly: true },
        {
          refreshState: true,
          stateChecks: [stateCheck.attribute("acc_note.n", "content", stateCheck.any())],
        },
      ],
    });
    expect(seenDuring).toBe("one");
    // The final destroy deleted what the test created.
    expect(notes.size).toBe(0);
  });

  it("names the step, the binary and the provider's error when an apply fails", async () => {
    const { provider } = noteProvider();
    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: note("ok") }, { config: note("fail").replace('"first"', '"second"') }],
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AcceptanceTestError);
    const error = failure as AcceptanceTestError;
    expect(error.step).toMatchObject({ index: 2, count: 2, kind: "config" });
    expect(error.message).toMatch(/^step 2 of 2 \(config\) failed on \S+: apply failed \(exit code 1\)/);
    expect(error.message).toContain('acc_note refuses the content "fail"');
    expect(error.message).toContain("Nothing was stored.");
    // The output in the order tofu wrote it: the create it started (stdout), then its error (stderr).
    const creating = error.message.indexOf("acc_note.n: Creating...");
    expect(creating).toBeGreaterThan(0);
    expect(creating).toBeLessThan(error.message.indexOf('acc_note refuses the content "fail"'));
  });

  it("catches a provider whose plan is not empty after apply", async () => {
    const { provider } = noteProvider();
    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: 'resource "acc_drift" "d" {\n  value = "x"\n}\n' }],
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AcceptanceTestError);
    const message = (failure as Error).message;
    expect(message).toContain("step 1 of 1 (config) failed");
    expect(message).toContain("the provider does not converge");
    expect(message).toMatch(/~ value\s+= "x-drifted" -> "x"/);
  });

  it("accepts the drift when expectNonEmptyPlan says so (served by the serve it is given)", async () => {
    const { provider } = noteProvider();
    await acceptanceTest({
      provider,
      serve,
      address: "example/acc",
      steps: [{ config: 'resource "acc_drift" "d" {\n  value = "x"\n}\n', expectNonEmptyPlan: true }],
    });
  });

  it("passes a step that fails as expectError says, and fails one that does not", async () => {
    const { provider, notes } = noteProvider();
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: note("fail"), expectError: /acc_note refuses the content "fail"/ }],
    });
    expect(notes.size).toBe(0);

    const succeeded = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: note("fine"), expectError: /anything/ }],
    }).catch((e: unknown) => e);
    expect((succeeded as Error).message).toContain("step 1 of 1 (config) failed on ");
    expect((succeeded as Error).message).toContain(
      "expected an error matching /anything/, but the step succeeded",
    );
    // The harness destroyed what the failed test created.
    expect(notes.size).toBe(0);

    const other = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: note("fail"), expectError: /a different error/ }],
    }).catch((e: unknown) => e);
    expect((other as Error).message).toContain(
      "expected an error matching /a different error/; apply failed",
    );
    expect((other as Error).message).toContain('acc_note refuses the content "fail"');
  });

  it("destroys with the last config that applied when the last step's config does not even plan", async () => {
    const { provider, notes } = noteProvider();
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        { config: note("kept") },
        { config: 'resource "acc_note" "n" {\n  bogus = 1\n}\n', expectError: /Unsupported argument/ },
      ],
    });
    // The broken config could not have planned a destroy: the first step's did.
    expect(notes.size).toBe(0);
  });

  it("reports a failing state check with what it found", async () => {
    const { provider, notes } = noteProvider();
    const failure = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: note("one"), stateChecks: [stateCheck.attribute("acc_note.n", "content", "two")] }],
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toContain(
      `state check "acc_note.n.content is 'two'" failed: acc_note.n.content: expected 'two', found 'one'`,
    );
    expect(notes.size).toBe(0);
  });

  it("reports an import whose object differs from the state, unless the attribute is ignored", async () => {
    const { provider, notes } = noteProvider();
    const steps = (verifyIgnore: string[]) => [
      { config: note("one") },
      {
        preConfig: () => {
          notes.get("first")!.content = "changed behind tofu's back";
        },
        importState: { resourceName: "acc_note.n", id: "first", verify: true, verifyIgnore },
      },
    ];
    const failure = await acceptanceTest({ provider, address: "example/acc", steps: steps([]) }).catch(
      (e: unknown) => e,
    );
    expect((failure as Error).message).toContain("step 2 of 2 (import) failed");
    expect((failure as Error).message).toContain(
      `content: state "one", imported "changed behind tofu's back"`,
    );
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [...steps(["content"]), { config: note("changed behind tofu's back") }],
    });
  });
});

describe("acceptanceTest's setup", () => {
  it("gives a config function the working directory, and check the outputs", async () => {
    const { provider } = noteProvider();
    let seen = "";
    await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [
        {
          config: ({ dir }) => `${note("x")}output "where" {\n  value = ${JSON.stringify(dir)}\n}\n`,
          stateChecks: [stateCheck.output("where", stateCheck.regex(/tsvider-acc-/))],
          check: (ctx) => {
            seen = String(ctx.outputs.where);
            expect(seen).toBe(ctx.dir);
          },
        },
      ],
    });
    expect(seen).toMatch(/tsvider-acc-.*work$/);
  });

  it("names a binary that does not run, and what to do", async () => {
    const { provider } = noteProvider();
    await expect(
      acceptanceTest({
        provider,
        address: "example/acc",
        binary: "/nowhere/tofu",
        steps: [{ config: note("x") }],
      }),
    ).rejects.toThrow(BinaryNotFoundError);
    await expect(
      acceptanceTest({
        provider,
        address: "example/acc",
        binary: "/nowhere/tofu",
        steps: [{ config: note("x") }],
      }),
    ).rejects.toThrow(/cannot run "\/nowhere\/tofu version".*Give acceptanceTest's binary/);
  });
});

describe("the working directory", () => {
  const saved = process.env.TSVIDER_ACC_KEEP;
  afterEach(() => {
    if (saved === undefined) delete process.env.TSVIDER_ACC_KEEP;
    else process.env.TSVIDER_ACC_KEEP = saved;
  });

  it("is removed after the test, and kept with TSVIDER_ACC_KEEP=1", async () => {
    const { provider } = noteProvider();
    delete process.env.TSVIDER_ACC_KEEP;
    const removed = await acceptanceTest({
      provider,
      address: "example/acc",
      steps: [{ config: note("x") }],
    });
    expect(existsSync(removed.dir)).toBe(false);

    process.env.TSVIDER_ACC_KEEP = "1";
    const kept = await acceptanceTest({ provider, address: "example/acc", steps: [{ config: note("x") }] });
    expect(existsSync(`${kept.dir}/main.tf`)).toBe(true);
    expect(existsSync(`${kept.dir}/tsvider_acceptance_providers.tf`)).toBe(true);
    await rm(dirname(kept.dir), { recursive: true, force: true });
  });
});

describe("acceptanceTest on Terraform", () => {
  it("runs the same steps through a reattached provider", async () => {
    const { provider, notes } = noteProvider();
    const result = await acceptanceTest({
      provider,
      address: "example/acc",
      binary: resolveTerraform(),
      steps: [
        {
          config: note("one"),
          planChecks: { preApply: [planCheck.action("acc_note.n", "create")] },
          stateChecks: [stateCheck.identity("acc_note.n", { name: "first" })],
        },
        { config: note("two"), stateChecks: [stateCheck.attribute("acc_note.n", "content", "two")] },
        { importState: { resourceName: "acc_note.n", identity: { name: "first" }, verify: true } },
      ],
    });
    expect(result.binary).toContain("terraform");
    expect(notes.size).toBe(0);
  });
});
