// The reference provider's test-only components: they exist for its acceptance tests (a
// resource that defers, one that fails on demand, a lease that must be renewed and a resource
// slow enough to need it) and are in its schema only when the provider runs with
// TSVIDER_TESTMODE=true. Practitioners never see them.
import { randomUUID } from "node:crypto";
import { appendFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import {
  attr,
  defineEphemeralResource,
  defineResource,
  privateState,
  ResourceError,
  testOnly,
} from "@tsvider/framework";

/**
 * `tsvider_test_deferred`: planned as usual while `ready` is true; while it is false, its plan
 * is deferred (reason absent_prereq), as a resource waiting on something outside Terraform
 * would be. Only Terraform with -allow-deferral accepts that; any other run gets an error.
 */
export const testDeferredResource = testOnly(
  defineResource({
    typeName: "tsvider_test_deferred",
    description: "Test only: defers its plan while `ready` is false.",
    schema: {
      id: attr.string({ computed: true, description: "Made up at create." }),
      ready: attr.bool({ required: true, description: "False: the plan is deferred (absent_prereq)." }),
    },
    modifyPlan(ctx) {
      if (ctx.config !== null && ctx.config.ready === false) return ctx.defer("absent_prereq");
      return undefined;
    },
    async create({ plan }) {
      return { ...plan, id: "deferred-test" };
    },
    async read({ state }) {
      return state;
    },
    async update({ plan, state }) {
      return { ...plan, id: state.id };
    },
    async delete() {},
  }),
);

/**
 * `tsvider_test_failing`: creating or updating it fails with `message` while `fail` is true,
 * so tests can see how a failure reaches the practitioner and that state is kept.
 */
export const testFailingResource = testOnly(
  defineResource({
    typeName: "tsvider_test_failing",
    description: "Test only: fails to create or update while `fail` is true.",
    schema: {
      id: attr.string({ computed: true, description: "Made up at create." }),
      fail: attr.bool({ required: true, description: "True: create and update fail." }),
      message: attr.string({ optional: true, description: "The failure's text." }),
    },
    async create({ plan }) {
      if (plan.fail) throw failure(plan.message);
      return { ...plan, id: "failing-test" };
    },
    async read({ state }) {
      return state;
    },
    async update({ plan, state }) {
      if (plan.fail) throw failure(plan.message);
      return { ...plan, id: state.id };
    },
    async delete() {},
  }),
);

function failure(message: string | null): ResourceError {
  return new ResourceError(message ?? "tsvider_test_failing failed on demand", {
    detail: "fail is true in its configuration; set it to false to let it succeed.",
  });
}

/**
 * `tsvider_test_lease`: an ephemeral lease that asks to be renewed every `renew_after_ms` while
 * Terraform still uses it, and writes each open, renew and close (with the lease id its
 * private data carries) as a line of `journal`, so a test can see the host's calls in order.
 */
export const testLeaseEphemeral = testOnly(
  defineEphemeralResource({
    typeName: "tsvider_test_lease",
    description: "Test only: a lease renewed every renew_after_ms, journalled to a file.",
    schema: {
      journal: attr.string({ required: true, description: "The file each call is appended to." }),
      renew_after_ms: attr.int64({ required: true, description: "How soon to ask for a renewal." }),
      token: attr.string({ computed: true, description: "The lease id." }),
    },
    privateState: privateState<{ lease: string; journal: string; renewAfterMs: number }>(),
    async open({ config }) {
      const lease = randomUUID();
      const renewAfterMs = Number(config.renew_after_ms);
      await appendFile(config.journal, `open ${lease}\n`);
      return {
        result: { ...config, token: lease },
        private: { lease, journal: config.journal, renewAfterMs },
        renewAt: new Date(Date.now() + renewAfterMs),
      };
    },
    async renew({ private: data }) {
      if (data === null) throw new Error("the lease's private data did not come back with renew");
      await appendFile(data.journal, `renew ${data.lease}\n`);
      return { renewAt: new Date(Date.now() + data.renewAfterMs) };
    },
    async close({ private: data }) {
      if (data !== null) await appendFile(data.journal, `close ${data.lease}\n`);
    },
  }),
);

/**
 * `tsvider_test_slow`: takes `delay_ms` to create (so an ephemeral value it uses stays open
 * that long) and takes that value in the write-only `token_wo`.
 */
export const testSlowResource = testOnly(
  defineResource({
    typeName: "tsvider_test_slow",
    description: "Test only: slow to create; takes a value in a write-only attribute.",
    schema: {
      id: attr.string({ computed: true, description: "Made up at create." }),
      delay_ms: attr.int64({ required: true, description: "How long create takes." }),
      token_wo: attr.string({ optional: true, writeOnly: true, description: "Any value; not stored." }),
    },
    async create({ plan, signal }) {
      await sleep(Number(plan.delay_ms), undefined, { signal });
      return { ...plan, id: "slow-test" };
    },
    async read({ state }) {
      return state;
    },
    async update({ plan, state }) {
      return { ...plan, id: state.id };
    },
    async delete() {},
  }),
);
