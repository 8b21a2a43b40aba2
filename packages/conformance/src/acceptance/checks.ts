// State checks, plan checks and the value matchers both use. A check is a description and a
// function that throws an Error saying what it found instead; the harness adds the step.
import { inspect, isDeepStrictEqual } from "node:util";
import {
  type AttributePath,
  allResources,
  findResource,
  flaggedAt,
  formatPath,
  type ShownPlan,
  type ShownResourceChange,
  type ShownState,
  valueAt,
} from "./json.js";

/** Matches a value from `show -json`; `describe` says what it expects, for failure messages. */
export interface ValueMatcher {
  readonly describe: string;
  matches(value: unknown, found: boolean): boolean;
}

/**
 * What an expected value may be: a matcher, a RegExp (the value must be a string it matches),
 * or any other value, compared exactly (deep equality with the JSON value).
 */
export type Expected = ValueMatcher | RegExp | unknown;

function isMatcher(value: unknown): value is ValueMatcher {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ValueMatcher).matches === "function" &&
    typeof (value as ValueMatcher).describe === "string"
  );
}

export function toMatcher(expected: Expected): ValueMatcher {
  if (isMatcher(expected)) return expected;
  if (expected instanceof RegExp) return match.regex(expected);
  return match.exact(expected);
}

const show = (value: unknown) => inspect(value, { depth: 6, breakLength: 120 });

/** Value matchers; also reachable as `stateCheck.any()`, `planCheck.regex(...)` and so on. */
export const match = {
  /** Exactly this JSON value (deep equality). */
  exact(expected: unknown): ValueMatcher {
    return { describe: show(expected), matches: (v, found) => found && isDeepStrictEqual(v, expected) };
  },
  /** Any value, null included, as long as the attribute is there. */
  any(): ValueMatcher {
    return { describe: "any value", matches: (_v, found) => found };
  },
  /** A string the expression matches. */
  regex(pattern: RegExp): ValueMatcher {
    return {
      describe: `a string matching ${pattern}`,
      matches: (v, found) =>
        found && typeof v === "string" && new RegExp(pattern.source, pattern.flags).test(v),
    };
  },
  null(): ValueMatcher {
    return { describe: "null", matches: (v, found) => found && v === null };
  },
  notNull(): ValueMatcher {
    return { describe: "a value other than null", matches: (v, found) => found && v !== null };
  },
  /** Any value `predicate` accepts; `describe` says what that is. */
  satisfies(describe: string, predicate: (value: unknown) => boolean): ValueMatcher {
    return { describe, matches: (v, found) => found && predicate(v) };
  },
};

export interface StateCheck {
  readonly description: string;
  check(state: ShownState): void;
}

export interface PlanCheck {
  readonly description: string;
  check(plan: ShownPlan): void;
}

function resourceOrThrow(state: ShownState, address: string) {
  const resource = findResource(state, address);
  if (!resource) {
    const present = allResources(state).map((r) => r.address);
    throw new Error(
      `${address} is not in state (it holds ${present.length ? present.join(", ") : "nothing"})`,
    );
  }
  return resource;
}

function compare(what: string, expected: Expected, value: unknown, found: boolean): void {
  const matcher = toMatcher(expected);
  if (matcher.matches(value, found)) return;
  throw new Error(
    `${what}: expected ${matcher.describe}, found ${found ? show(value) : "no such attribute"}`,
  );
}

export const stateCheck = {
  ...match,
  /** The attribute at `path` of the resource at `address` matches `expected`. */
  attribute(address: string, path: AttributePath, expected: Expected): StateCheck {
    return {
      description: `${address}.${formatPath(path)} is ${toMatcher(expected).describe}`,
      check(state) {
        const { found, value } = valueAt(resourceOrThrow(state, address).values, path);
        compare(`${address}.${formatPath(path)}`, expected, value, found);
      },
    };
  },
  /**
   * The resource's identity: each attribute of `expected` matches (a matcher, a RegExp or an
   * exact value), and the identity holds no other attribute.
   */
  identity(address: string, expected: Record<string, Expected>): StateCheck {
    return {
      description: `${address} has identity ${show(expected)}`,
      check(state) {
        const identity = resourceOrThrow(state, address).identity;
        if (identity === undefined) {
          throw new Error(`${address} has no identity in state (does the binary support resource identity?)`);
        }
        for (const [key, want] of Object.entries(expected)) {
          compare(`${address}'s identity.${key}`, want, identity[key], Object.hasOwn(identity, key));
        }
        const extra = Object.keys(identity).filter(
          (k) => !Object.hasOwn(expected, k) && identity[k] !== null,
        );
        if (extra.length) {
          throw new Error(
            `${address}'s identity has ${extra.join(", ")} besides what was expected: ${show(identity)}`,
          );
        }
      },
    };
  },
  /** The resource is in state. */
  exists(address: string): StateCheck {
    return { description: `${address} is in state`, check: (state) => void resourceOrThrow(state, address) };
  },
  /** The resource is not in state. */
  absent(address: string): StateCheck {
    return {
      description: `${address} is not in state`,
      check(state) {
        if (findResource(state, address)) throw new Error(`${address} is still in state`);
      },
    };
  },
  /** The root module's output `name` matches `expected`. */
  output(name: string, expected: Expected): StateCheck {
    return {
      description: `output ${name} is ${toMatcher(expected).describe}`,
      check(state) {
        const outputs = state.values?.outputs ?? {};
        const found = Object.hasOwn(outputs, name);
        compare(`output ${name}`, expected, outputs[name]?.value, found);
      },
    };
  },
};

/** What planCheck.action accepts: `replace` is either order of delete and create. */
export type ExpectedAction =
  | "no-op"
  | "create"
  | "read"
  | "update"
  | "delete"
  | "forget"
  | "replace"
  | "delete-create"
  | "create-delete";

function changeOrThrow(plan: ShownPlan, address: string): ShownResourceChange {
  const change = plan.resource_changes?.find((c) => c.address === address);
  if (!change) {
    const present = (plan.resource_changes ?? []).map((c) => c.address);
    throw new Error(
      `the plan has no change for ${address} (it has ${present.length ? present.join(", ") : "none"})`,
    );
  }
  return change;
}

function actionName(actions: readonly string[]): string {
  return actions.join("-");
}

export const planCheck = {
  ...match,
  /** The plan's action for `address`, as `show -json` of the saved plan has it. */
  action(address: string, expected: ExpectedAction): PlanCheck {
    return {
      description: `the plan for ${address} is ${expected}`,
      check(plan) {
        const actual = actionName(changeOrThrow(plan, address).change.actions);
        const ok =
          expected === "replace"
            ? actual === "delete-create" || actual === "create-delete"
            : actual === expected;
        if (!ok) throw new Error(`the plan for ${address} is ${actual}, expected ${expected}`);
      },
    };
  },
  /** The plan imports `address` (by ID or by identity). */
  importing(address: string): PlanCheck {
    return {
      description: `the plan imports ${address}`,
      check(plan) {
        if (!changeOrThrow(plan, address).change.importing)
          throw new Error(`the plan does not import ${address}`);
      },
    };
  },
  /** The planned value at `path` is unknown until apply. */
  unknown(address: string, path: AttributePath): PlanCheck {
    return {
      description: `${address}.${formatPath(path)} is unknown in the plan`,
      check(plan) {
        const change = changeOrThrow(plan, address).change;
        if (!flaggedAt(change.after_unknown, path)) {
          const { found, value } = valueAt(change.after, path);
          throw new Error(
            `${address}.${formatPath(path)} is known in the plan: ${found ? show(value) : "no such attribute"}`,
          );
        }
      },
    };
  },
  /** The planned value at `path` is known, and matches `expected` when given. */
  known(address: string, path: AttributePath, expected?: Expected): PlanCheck {
    return {
      description: `${address}.${formatPath(path)} is known in the plan${expected === undefined ? "" : ` as ${toMatcher(expected).describe}`}`,
      check(plan) {
        const change = changeOrThrow(plan, address).change;
        if (flaggedAt(change.after_unknown, path)) {
          throw new Error(`${address}.${formatPath(path)} is unknown in the plan`);
        }
        const { found, value } = valueAt(change.after, path);
        if (expected === undefined) {
          if (!found) throw new Error(`${address}.${formatPath(path)}: no such attribute in the plan`);
          return;
        }
        compare(`${address}.${formatPath(path)} in the plan`, expected, value, found);
      },
    };
  },
  /** The planned value at `path` is sensitive. */
  sensitive(address: string, path: AttributePath): PlanCheck {
    return {
      description: `${address}.${formatPath(path)} is sensitive in the plan`,
      check(plan) {
        if (!flaggedAt(changeOrThrow(plan, address).change.after_sensitive, path)) {
          throw new Error(`${address}.${formatPath(path)} is not sensitive in the plan`);
        }
      },
    };
  },
  /** The plan changes nothing: every resource change is a no-op (or a read). */
  empty(): PlanCheck {
    return {
      description: "the plan is empty",
      check(plan) {
        const changing = (plan.resource_changes ?? []).filter(
          (c) => !c.change.actions.every((a) => a === "no-op" || a === "read"),
        );
        if (changing.length) {
          throw new Error(
            `the plan changes ${changing.map((c) => `${c.address} (${actionName(c.change.actions)})`).join(", ")}`,
          );
        }
      },
    };
  },
};
