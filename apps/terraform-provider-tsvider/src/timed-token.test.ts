// tsvider_timed_token through the real tofu, on @tsvider/conformance's acceptanceTest: without
// a secret for private state nothing is issued, and a token past its expiry is noticed by the
// refresh, with a warning at expires_at, and issued again.
import { acceptanceTest, planCheck, type StepContext, stateCheck } from "@tsvider/conformance";
import { describe, expect, it } from "vitest";
import { provider } from "./provider.js";

const SECRET = { TSVIDER_PRIVATE_STATE_SECRET: "timed-token-test-secret-0001" };
const T = "tsvider_timed_token.t";
const flat = (text: string) => text.replace(/\s+/g, " ");
const token = (lifetime: string) =>
  `resource "tsvider_timed_token" "t" {\n  name     = "ci"\n  lifetime = "${lifetime}"\n}\n`;

interface Issued {
  id: string;
  token: string;
  expires_at: string;
}
const issued = (ctx: StepContext): Issued => {
  const resource = ctx.state.values?.root_module?.resources?.find((r) => r.address === T);
  if (!resource) throw new Error(`${T} is not in state`);
  return resource.values as unknown as Issued;
};

describe("tsvider_timed_token on the real tofu", () => {
  it("issues nothing without a secret for private state, saying what to set", async () => {
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      env: { TSVIDER_PRIVATE_STATE_SECRET: "" },
      steps: [
        {
          config: token("1h"),
          expectError: /TSVIDER_PRIVATE_STATE_SECRET/,
          stateChecks: [stateCheck.absent(T)],
        },
      ],
    });
  });

  it("notices an expired token on refresh, warns at expires_at, and issues a new one", async () => {
    let first: Issued | undefined;
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      env: SECRET,
      steps: [
        // Long enough for the harness's re-plan after apply to find it unexpired.
        {
          config: token("4s"),
          check: (ctx) => {
            first = issued(ctx);
          },
        },
        {
          // Wait until the token's lifetime has surely passed (a wait, not a timing assertion).
          preConfig: async () => {
            const expires = Date.parse(first!.expires_at);
            await new Promise((done) => setTimeout(done, Math.max(0, expires - Date.now()) + 1100));
          },
          planOnly: true,
          expectNonEmptyPlan: true,
          planChecks: { preApply: [planCheck.action(T, "create")] },
          check: async (ctx) => {
            const plan = await ctx.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [2] });
            const out = flat(plan.stdout);
            expect(out).toContain('Warning: The token "ci" has expired');
            expect(out).toContain(`It expired at ${first!.expires_at}.`);
            expect(out).toContain("tsvider_timed_token.t will be created");
          },
        },
        {
          // A lifetime long enough to outlive the test; the change alone would replace it anyway.
          config: token("1h"),
          check: (ctx) => {
            const second = issued(ctx);
            expect(second.id).not.toBe(first!.id);
            expect(second.token).not.toBe(first!.token);
          },
        },
      ],
    });
  });

  it("refuses a lifetime that is not a duration, at its line", async () => {
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      env: SECRET,
      steps: [
        {
          config: token("one hour"),
          expectError:
            /on main\.tf line 3, in resource "tsvider_timed_token" "t":.*"lifetime" must be a duration of hours, minutes and seconds/,
        },
      ],
    });
  });
});
