// State checks, plan checks and the value matchers both use. A check is a description and a
// function that throws an Error saying what it found instead; the harness adds the step.
import { inspect } from "node:util";
import { ExactNumber, isNumeric, isPlainObject, numberFromText, numbersEqual } from "./exact-json.js";
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

/** Where inside a value a matcher found something else, and what. */
export interface Mismatch {
  /** The path below the attribute being checked (empty: the attribute itself). */
  readonly path: readonly (string | number)[];
  /** What was expected there. */
  readonly expected: string;
  /** What was there instead ("no such attribute" when nothing was). */
  readonly found: string;
}

/** Matches a value from `show -json`; `describe` says what it expects, for failure messages. */
export interface ValueMatcher {
  readonly describe: string;
  matches(value: unknown, found: boolean): boolean;
  /**
   * Where and how `value` fails to match, or undefined when it matches. Optional: a matcher
   * without it is reported as a whole (`expected <describe>, found <value>`).
   */
  mismatch?(value: unknown, found: boolean): Mismatch | undefined;
}

/**
 * What an expected value may be: a matcher, a RegExp (the value must be a string it matches),
 * or any other value, compared exactly: same shape, same keys and elements, numbers by their
 * decimal value (see exact-json.ts), and any matcher inside matched in its place.
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

/** What a planned value holds where the plan does not know it yet (planCheck.planned). */
export const UNKNOWN_VALUE: unique symbol = Symbol("(known after apply)");

/** A value for a message, with bigints as their digits and matchers as what they expect. */
export function show(value: unknown): string {
  return inspect(forShow(value), { depth: 6, breakLength: 120 });
}

function forShow(value: unknown): unknown {
  if (typeof value === "bigint") return { [inspect.custom]: () => value.toString() };
  if (value === UNKNOWN_VALUE) return { [inspect.custom]: () => "(known after apply)" };
  if (isMatcher(value)) return { [inspect.custom]: () => `<${value.describe}>` };
  if (value instanceof RegExp || value instanceof ExactNumber) return value;
  if (Array.isArray(value)) return value.map(forShow);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forShow(v)]));
  return value;
}

const foundText = (value: unknown, found: boolean) => (found ? show(value) : "no such attribute");

/** A matcher from its description and its mismatch function. */
function matcher(
  describe: string,
  mismatch: (value: unknown, found: boolean) => Mismatch | undefined,
): ValueMatcher {
  return { describe, mismatch, matches: (v, found) => mismatch(v, found) === undefined };
}

/** `expected` against `value`, reported at `path` below the attribute. */
function mismatchOf(
  expected: Expected,
  value: unknown,
  found: boolean,
  path: readonly (string | number)[] = [],
): Mismatch | undefined {
  if (isMatcher(expected)) {
    if (expected.mismatch) {
      const inner = expected.mismatch(value, found);
      return inner && { ...inner, path: [...path, ...inner.path] };
    }
    return expected.matches(value, found)
      ? undefined
      : { path, expected: expected.describe, found: foundText(value, found) };
  }
  if (expected instanceof RegExp) return mismatchOf(match.regex(expected), value, found, path);
  return exactMismatch(expected, value, found, path);
}

function exactMismatch(
  expected: unknown,
  value: unknown,
  found: boolean,
  path: readonly (string | number)[],
): Mismatch | undefined {
  const here = (): Mismatch => ({ path, expected: show(expected), found: foundText(value, found) });
  if (!found) return here();
  if (isMatcher(expected) || expected instanceof RegExp) return mismatchOf(expected, value, found, path);
  if (isNumeric(expected)) return isNumeric(value) && numbersEqual(expected, value) ? undefined : here();
  if (Array.isArray(expected)) {
    if (!Array.isArray(value)) return here();
    if (value.length !== expected.length) {
      return {
        path,
        expected: `${count(expected.length, "element")}: ${show(expected)}`,
        found: `${count(value.length, "element")}: ${show(value)}`,
      };
    }
    for (const [i, e] of expected.entries()) {
      const inner = exactMismatch(e, value[i], true, [...path, i]);
      if (inner) return inner;
    }
    return undefined;
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(value)) return here();
    for (const [k, e] of Object.entries(expected)) {
      const inner = exactMismatch(e, value[k], Object.hasOwn(value, k), [...path, k]);
      if (inner) return inner;
    }
    const extra = Object.keys(value).filter((k) => !Object.hasOwn(expected, k));
    if (extra.length) {
      return {
        path,
        expected: `exactly the keys ${show(Object.keys(expected))} (match.partial checks only some)`,
        found: `also ${extra.map((k) => `${k} = ${show(value[k])}`).join(", ")}`,
      };
    }
    return undefined;
  }
  return Object.is(expected, value) || expected === value ? undefined : here();
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Pairs each expected element with a different element of `values` it matches (a bipartite
 * matching, so a matcher that several elements satisfy cannot take the one another needs).
 * Returns the expected elements left without a partner.
 */
function unmatchedElements(expected: readonly Expected[], values: readonly unknown[]): number[] {
  const fits = expected.map((e) => values.map((v) => mismatchOf(e, v, true) === undefined));
  const partnerOf: (number | undefined)[] = values.map(() => undefined);
  const assign = (i: number, seen: boolean[]): boolean => {
    for (const [j, fit] of fits[i]!.entries()) {
      if (!fit || seen[j]) continue;
      seen[j] = true;
      if (partnerOf[j] === undefined || assign(partnerOf[j], seen)) {
        partnerOf[j] = i;
        return true;
      }
    }
    return false;
  };
  return expected
    .map((_, i) => i)
    .filter(
      (i) =>
        !assign(
          i,
          values.map(() => false),
        ),
    );
}

function unordered(elements: readonly Expected[], exact: boolean): ValueMatcher {
  const describe = `${exact ? "exactly" : "at least"} ${show(elements)} in any order`;
  return matcher(describe, (value, found) => {
    if (!found || !Array.isArray(value))
      return { path: [], expected: describe, found: foundText(value, found) };
    if (exact && value.length !== elements.length) {
      return {
        path: [],
        expected: `${count(elements.length, "element")} in any order: ${show(elements)}`,
        found: `${count(value.length, "element")}: ${show(value)}`,
      };
    }
    const missing = unmatchedElements(elements, value);
    if (missing.length === 0) return undefined;
    return {
      path: [],
      expected: describe,
      found: `${show(value)}, where nothing matches ${missing.map((i) => show(elements[i])).join(", ")}`,
    };
  });
}

/** Value matchers; also reachable as `stateCheck.any()`, `planCheck.regex(...)` and so on. */
export const match = {
  /**
   * Exactly this value: the same shape, every key and element (an object with a key more
   * fails), numbers by decimal value; a matcher anywhere inside is matched in its place.
   */
  exact(expected: unknown): ValueMatcher {
    return matcher(show(expected), (v, found) => exactMismatch(expected, v, found, []));
  },
  /**
   * An object (or map) with at least these keys, each matching its expected value (which is
   * compared exactly unless it is a matcher: nest partial to go deeper); other keys are not
   * looked at. On a list, the keys are indexes: `partial({ 0: "first" })`.
   */
  partial(expected: Readonly<Record<string | number, Expected>>): ValueMatcher {
    const describe = `an object with at least ${show(expected)}`;
    return matcher(describe, (value, found) => {
      if (!found || value === null || typeof value !== "object" || isNumeric(value)) {
        return { path: [], expected: describe, found: foundText(value, found) };
      }
      for (const [k, e] of Object.entries(expected)) {
        const key = Array.isArray(value) && /^\d+$/.test(k) ? Number(k) : k;
        const has = Array.isArray(value)
          ? typeof key === "number" && key < value.length
          : Object.hasOwn(value, k);
        const inner = mismatchOf(e, (value as Record<string | number, unknown>)[key], has, [key]);
        if (inner) return inner;
      }
      return undefined;
    });
  },
  /**
   * A list or set holding exactly these elements in any order (sets come out of `show -json`
   * as lists in an order of the host's choosing); each element may be a matcher.
   */
  unordered(elements: readonly Expected[]): ValueMatcher {
    return unordered(elements, true);
  },
  /** A list or set holding these elements, in any order, among others. */
  contains(elements: readonly Expected[]): ValueMatcher {
    return unordered(elements, false);
  },
  /** A list, set or tuple of `n` elements, or a map or object of `n` keys. */
  size(n: number): ValueMatcher {
    const describe = `${n} elements or keys`;
    return matcher(describe, (value, found) => {
      const size = Array.isArray(value)
        ? value.length
        : isPlainObject(value)
          ? Object.keys(value).length
          : undefined;
      return found && size === n
        ? undefined
        : {
            path: [],
            expected: describe,
            found: size === undefined ? foundText(value, found) : `${size}: ${show(value)}`,
          };
    });
  },
  /**
   * A number equal to this one: a bigint or the number's text (`"0.10000000000000001"`,
   * `"9007199254740993"`) for numbers a JS number cannot hold exactly.
   */
  number(expected: number | bigint | string): ValueMatcher {
    const want = typeof expected === "string" ? numberFromText(new ExactNumber(expected).text) : expected;
    const describe = `the number ${typeof want === "bigint" ? want.toString() : show(want)}`;
    return matcher(describe, (value, found) =>
      found && isNumeric(value) && numbersEqual(want, value)
        ? undefined
        : { path: [], expected: describe, found: foundText(value, found) },
    );
  },
  /** Any value, null included, as long as the attribute is there. */
  any(): ValueMatcher {
    return matcher("any value", (v, found) =>
      found ? undefined : { path: [], expected: "any value", found: foundText(v, found) },
    );
  },
  /** A string the expression matches. */
  regex(pattern: RegExp): ValueMatcher {
    const describe = `a string matching ${pattern}`;
    return matcher(describe, (v, found) =>
      found && typeof v === "string" && new RegExp(pattern.source, pattern.flags).test(v)
        ? undefined
        : { path: [], expected: describe, found: foundText(v, found) },
    );
  },
  null(): ValueMatcher {
    return matcher("null", (v, found) =>
      found && v === null ? undefined : { path: [], expected: "null", found: foundText(v, found) },
    );
  },
  notNull(): ValueMatcher {
    const describe = "a value other than null";
    return matcher(describe, (v, found) =>
      found && v !== null && v !== UNKNOWN_VALUE
        ? undefined
        : { path: [], expected: describe, found: foundText(v, found) },
    );
  },
  /** In a planned value (planCheck.planned): a value the plan does not know until apply. */
  unknown(): ValueMatcher {
    const describe = "a value known only after apply";
    return matcher(describe, (v, found) =>
      found && v === UNKNOWN_VALUE ? undefined : { path: [], expected: describe, found: foundText(v, found) },
    );
  },
  /** In a planned value (planCheck.planned): a value the plan knows (null included). */
  known(): ValueMatcher {
    const describe = "a value known in the plan";
    return matcher(describe, (v, found) =>
      found && v !== UNKNOWN_VALUE ? undefined : { path: [], expected: describe, found: foundText(v, found) },
    );
  },
  /** Any value `predicate` accepts; `describe` says what that is. */
  satisfies(describe: string, predicate: (value: unknown) => boolean): ValueMatcher {
    return matcher(describe, (v, found) =>
      found && predicate(v) ? undefined : { path: [], expected: describe, found: foundText(v, found) },
    );
  },
};

/**
 * A check of the state after a step (`show -json` of it), for a step's `stateChecks`: it throws
 * when the state is not as expected. Make one with `stateCheck` or `compareValue`.
 */
export interface StateCheck {
  readonly description: string;
  check(state: ShownState): void;
}

/**
 * A check of a step's plan (`show -json` of the saved plan), for a step's `planChecks`: it throws
 * when the plan is not as expected. Make one with `planCheck`.
 */
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

/** Throws `<what>[.path]: expected ..., found ...` unless `value` matches `expected`. */
export function compare(
  what: string,
  expected: Expected,
  value: unknown,
  found: boolean,
  context = "",
): void {
  const wrong = mismatchOf(expected, value, found);
  if (!wrong) return;
  const where = wrong.path.length ? `${what}.${wrong.path.join(".")}` : what;
  throw new Error(`${where}${context}: expected ${wrong.expected}, found ${wrong.found}`);
}

/**
 * Builders of state checks (an attribute's value, an identity, a resource's presence or absence,
 * an output), plus the value matchers of `match`.
 */
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

/**
 * Builders of plan checks (the planned action for an address, an import, known and unknown
 * planned values), plus the value matchers of `match`.
 */
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
        compare(`${address}.${formatPath(path)}`, expected, value, found, " in the plan");
      },
    };
  },
  /**
   * The planned value at `path`, with what the plan does not know yet in place: match.unknown()
   * matches those places, match.known() the others, and exact values and the other matchers
   * see UNKNOWN_VALUE there, which only those two accept.
   */
  planned(address: string, path: AttributePath, expected: Expected): PlanCheck {
    return {
      description: `${address}.${formatPath(path)} is planned as ${toMatcher(expected).describe}`,
      check(plan) {
        const change = changeOrThrow(plan, address).change;
        const { found, value } = valueAt(withUnknowns(change.after, change.after_unknown), path);
        compare(`${address}.${formatPath(path)}`, expected, value, found, " in the plan");
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

/**
 * `after` with UNKNOWN_VALUE wherever `after_unknown` says true: `show -json` leaves unknown
 * attributes out of `after` (and unknown elements null) and marks them in the mirror instead.
 */
export function withUnknowns(after: unknown, unknown: unknown): unknown {
  if (unknown === true) return UNKNOWN_VALUE;
  if (Array.isArray(unknown)) {
    const list = Array.isArray(after) ? after : [];
    return unknown.length === 0 ? after : list.map((v, i) => withUnknowns(v, unknown[i]));
  }
  if (isPlainObject(unknown)) {
    const object: Record<string, unknown> = isPlainObject(after) ? { ...after } : {};
    for (const [k, u] of Object.entries(unknown)) {
      if (u === true || Object.hasOwn(object, k)) object[k] = withUnknowns(object[k], u);
    }
    return after === null && Object.keys(object).length === 0 ? after : object;
  }
  return after;
}
