// Attribute paths: where in a component's values something is. There is one path type for
// authors, `AttributePath`, a list of `AttributePathStep`s; every API of the framework that
// takes or gives a place uses it: a diagnostic's `path` (`diagnostics.addError`,
// `TsviderError`), a validator's and a plan modifier's `ctx.path`, `modifyPlan`'s
// `requiresReplace` and the test kit's answers.
//
// It is built on cty's own path (`Path` and `PathStep` in @tsvider/cty), which addresses any
// value: an object's attribute, a list's or tuple's index, a map's key, or a set's element
// (named by the element itself, as go-cty does). Terraform's attribute paths, which the
// protocol carries, cannot address an element of a set, so an AttributePathStep is a cty
// PathStep without that step: every AttributePath is a cty Path, and cty's `formatPath` and
// `applyPath` take it as it is. A cty path that enters a set (the path of a CtyValueError)
// becomes an attribute path by stopping at the set, the closest place Terraform can point at:
// `attributePathFrom`.
//
// The names keep the two apart: `Path` and `PathStep` are cty's, for any value;
// `AttributePath` and `AttributePathStep` are the framework's, for what Terraform points at.
// The walks over values inside the framework carry a cheaper position of their own
// (values/walk-position.ts), never exported, which gives an AttributePath when a diagnostic
// needs one.
import type { Path, PathStep } from "@tsvider/cty";

/** One step into a value: an attribute (`{ attribute: "disk" }`), a list index (`{ index: 0 }`) or a map key (`{ key: "a" }`). */
export type AttributePathStep = Exclude<PathStep, { readonly element: unknown }>;

/** Where a value is, as Terraform points at it: `[{ attribute: "network" }, { index: 0 }, { attribute: "cidr" }]`. */
export type AttributePath = readonly AttributePathStep[];

/**
 * A cty path as an attribute path: the steps up to the first set element, since the protocol
 * cannot address one and the set that holds it is the closest place Terraform can point at.
 */
export function attributePathFrom(path: Path): AttributePath {
  const end = path.findIndex((step) => "element" in step);
  return (end < 0 ? path : path.slice(0, end)) as AttributePath;
}

/** Whether `step` is an attribute path step, for paths that come from plain JavaScript. */
export function isAttributePathStep(step: unknown): step is AttributePathStep {
  if (typeof step !== "object" || step === null) return false;
  const s = step as { attribute?: unknown; index?: unknown; key?: unknown };
  return (
    typeof s.attribute === "string" ||
    (typeof s.index === "number" && Number.isSafeInteger(s.index) && s.index >= 0) ||
    typeof s.key === "string"
  );
}
