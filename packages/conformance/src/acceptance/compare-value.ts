// One attribute's value compared across steps, as terraform-plugin-testing's CompareValue does:
// the id that an in-place update must keep, or that a replacement must change. The comparison
// is made once per test and its checks are put in the steps' stateChecks; each check compares
// the value with the one the previous check of the same comparison saw, then remembers it.
import { type StateCheck, show } from "./checks.js";
import { exactEqual } from "./exact-json.js";
import { type AttributePath, findResource, formatPath, valueAt } from "./json.js";

/**
 * State checks that compare one attribute's value across steps, as `compareValue` returns them:
 * record it, then require it to stay the same or to change.
 */
export interface ValueComparison {
  /** Remembers the value (the first step's check, usually). */
  record(): StateCheck;
  /** The value equals the one the previous check saw (numbers by decimal value); then remembers it. */
  same(): StateCheck;
  /** The value differs from the one the previous check saw; then remembers it. */
  differs(): StateCheck;
  /** Every value the checks saw, in order. */
  readonly values: readonly unknown[];
}

/**
 * Compares the attribute at `path` of `address` across the steps it is checked in. Make one per
 * acceptanceTest: it remembers what its checks saw.
 */
export function compareValue(address: string, path: AttributePath): ValueComparison {
  const seen: unknown[] = [];
  const where = `${address}.${formatPath(path)}`;
  const current = (state: Parameters<StateCheck["check"]>[0]): unknown => {
    const resource = findResource(state, address);
    if (!resource) throw new Error(`${address} is not in state, so compareValue cannot read ${where}`);
    const { found, value } = valueAt(resource.values, path);
    if (!found) throw new Error(`${where}: no such attribute in state (check the path)`);
    return value;
  };
  const check = (kind: "same" | "differs"): StateCheck => ({
    description: `${where} is ${kind === "same" ? "the same as" : "different from"} at the previous check`,
    check(state) {
      const value = current(state);
      if (seen.length === 0) {
        throw new Error(
          `compareValue(${JSON.stringify(address)}, ${JSON.stringify(formatPath(path))}).${kind}() has nothing to compare with: put its record() in an earlier step's stateChecks`,
        );
      }
      const previous = seen.at(-1);
      const equal = exactEqual(previous, value);
      seen.push(value);
      if (kind === "same" && !equal) {
        throw new Error(
          `${where} changed from ${show(previous)} to ${show(value)}; expected it to stay the same`,
        );
      }
      if (kind === "differs" && equal) {
        throw new Error(`${where} is still ${show(value)}; expected it to change (as a replacement would)`);
      }
    },
  });
  return {
    record: () => ({
      description: `${where} is recorded for compareValue`,
      check(state) {
        seen.push(current(state));
      },
    }),
    same: () => check("same"),
    differs: () => check("differs"),
    get values() {
      return [...seen];
    },
  };
}
