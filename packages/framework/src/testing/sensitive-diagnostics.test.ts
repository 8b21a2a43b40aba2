// A handler's error that quotes a sensitive value: over the wire the framework masks the value
// in the diagnostic ("(sensitive)", which is what tofu then prints; see
// packages/conformance/src/acceptance/acceptance-extras.test.ts for the harness on the real
// tofu), and the kit must show the same diagnostic, or a test passes that leaks a secret.
import { describe, expect, it } from "vitest";
import { attr, defineProvider, defineResource } from "../index.js";
import { LifecycleError, testProvider } from "./index.js";

function loginProvider() {
  const login = defineResource({
    typeName: "acc_login",
    schema: {
      id: attr.string({ computed: true }),
      user: attr.string({ required: true }),
      password: attr.string({ required: true, sensitive: true }),
      note: attr.string({ optional: true }),
    },
    async create({ plan }) {
      if (plan.note === "fail")
        throw new Error(`login failed for ${plan.user} with password ${plan.password}`);
      return { ...plan, id: "l-1" };
    },
    async read({ state }) {
      return state;
    },
    async update({ state }) {
      throw new Error(`cannot rotate ${state.password} for ${state.user}`);
    },
    async delete() {},
  });
  return defineProvider({ name: "acc", version: "0.0.1", resources: [login] });
}

describe("sensitive values in the kit's diagnostics", () => {
  it("masks a sensitive value an error quotes, as the server does over the wire", async () => {
    const kit = testProvider(loginProvider());
    const plan = await kit.plan("acc_login", {
      prior: null,
      config: { user: "bob", password: "hunter22", note: "fail" },
    });
    const result = await kit.apply("acc_login", plan);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "Could not create acc_login",
        detail: "login failed for bob with password (sensitive)",
      }),
    ]);
  });

  it("masks the prior state's secret in an update's error, and in the LifecycleError's message", async () => {
    const kit = testProvider(loginProvider());
    const failure = await kit
      .lifecycle("acc_login", {
        create: { user: "bob", password: "hunter22" },
        update: { user: "bob", password: "correct-horse" },
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LifecycleError);
    const error = failure as LifecycleError;
    expect(error.step).toBe("update: apply");
    expect(error.diagnostics[0]?.detail).toBe("cannot rotate (sensitive) for bob");
    expect(error.message).toContain("cannot rotate (sensitive) for bob");
    expect(error.message).not.toContain("hunter22");
  });

  it("keeps each call's secrets to that call, as each RPC has its own", async () => {
    const kit = testProvider(loginProvider());
    await kit.plan("acc_login", { prior: null, config: { user: "bob", password: "hunter22" } });
    // "hunter22" was the last call's password; in this one it is a user name, which is shown.
    const plan = await kit.plan("acc_login", {
      prior: null,
      config: { user: "hunter22", password: "s3cret!", note: "fail" },
    });
    const result = await kit.apply("acc_login", plan);
    expect(result.diagnostics[0]?.detail).toBe("login failed for hunter22 with password (sensitive)");
  });
});
