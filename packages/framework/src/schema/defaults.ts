// Defaults: the value an optional + computed attribute is planned with when config leaves it
// out. Terraform lets a provider fill in only computed attributes (an attribute that is not
// computed must be planned as config says), so a default needs `computed`. Each default is
// checked at start-up against the attribute's type, so a wrong one fails when the provider
// is defined rather than in the middle of someone's plan.
import { type CtyValue, CtyValueError, containsUnknown, formatPath } from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import { Diagnostics } from "../diagnostics.js";
import { completeObject } from "../values/complete.js";
import { checkConfig } from "../values/config-checks.js";
import { innerSchema, mapObjects } from "../values/nesting.js";
import { entryType } from "./implied-type.js";
import type { AnyAttribute } from "./nested.js";

const completed = new WeakMap<AnyAttribute, CtyValue>();

/**
 * The attribute's default as it is planned: for a nested attribute, its objects with every
 * attribute they leave out filled in (null). Undefined when it has none.
 */
export function defaultOf(entry: AnyAttribute): CtyValue | undefined {
  const given = (entry.options as { default?: CtyValue } | undefined)?.default;
  if (given === undefined) return undefined;
  let value = completed.get(entry);
  if (value === undefined) {
    value =
      entry.kind === "nested"
        ? mapObjects(
            entry.nesting,
            given,
            (object) => completeObject(innerSchema(entry), object, "default", new Diagnostics()) ?? object,
          )
        : given;
    completed.set(entry, value);
  }
  return value;
}

/** Start-up check of `default`: the problem and its fix, or undefined when it is fine. */
export function defaultProblem(
  name: string,
  entry: AnyAttribute,
  planned: boolean,
): { problem: string; fix: string } | undefined {
  const options = (entry.options ?? {}) as { default?: unknown; computed?: boolean };
  if (options.default === undefined) return undefined;
  if (!planned) {
    return {
      problem: "has a default, which only managed resources have",
      fix: "Remove default: only a resource's plan can fill in a value config leaves out. Use the value in configure when the attribute is null.",
    };
  }
  if (!options.computed) {
    return {
      problem: "has a default but is not computed",
      fix: "Terraform lets a provider fill in only values of computed attributes. Add computed: true (keep optional: true so config can still set it).",
    };
  }
  if (options.default === null) {
    return {
      problem: "has a null default",
      fix: "Remove default: null is what config leaving it out means already.",
    };
  }
  if (typeof options.default === "function") {
    return {
      problem: "has a function as its default",
      fix: "A default is a value. For a value worked out from other attributes, use a plan modifier or modifyPlan.",
    };
  }
  const value = defaultOf(entry)!;
  if (containsUnknown(value)) {
    return { problem: "has a default that holds Unknown", fix: "A default is a known value." };
  }
  try {
    encodeMsgpack(value, entryType(entry));
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    const where = err.path.length > 0 ? ` at ${formatPath(err.path)}` : "";
    return {
      problem: `has a default that does not fit its type${where}: ${err.reason}`,
      fix: "Give a default of the attribute's own type.",
    };
  }
  // What the types promise beyond cty's (whole int64s, no null elements, required attributes
  // of nested objects set) holds for defaults as for config.
  const diagnostics = new Diagnostics();
  checkConfig({ [name]: entry }, { [name]: value }, diagnostics);
  const first = diagnostics.items[0];
  if (first) {
    return {
      problem: `has a default that is not valid: ${first.detail}`,
      fix: "Give a default config could have set.",
    };
  }
  return undefined;
}
