// The reference provider's test-only components: they exist for its acceptance tests (a
// resource that defers, a resource that fails on demand) and are in its schema only when the
// provider runs with TSVIDER_TESTMODE=true. Practitioners never see them.
import { attr, defineResource, ResourceError, testOnly } from "@tsvider/framework";

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
