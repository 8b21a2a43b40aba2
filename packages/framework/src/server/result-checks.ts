// Plans and results held to Terraform's rules for them (its "inconsistent result" checks), before they
// are answered: a plan against config and prior state, an apply result against the plan
// (every value known, every known planned value unchanged, nulls and element counts as
// planned), a read result for unknowns. Each break becomes a ResourceLifecycleContractError
// diagnostic naming the author's resource and the exact attribute path, instead of tofu's
// "Provider produced invalid plan" or "inconsistent result after apply".
import {
  type CtyValue,
  containsUnknown,
  Decimal,
  Dynamic,
  isRecord,
  isUnknown,
  Unknown,
  valuesEqual,
} from "@tsvider/cty";
import { type Diagnostics, ResourceLifecycleContractError } from "../diagnostics.js";
import type { Block } from "../schema/blocks.js";
import { schemaContains } from "../schema/contains.js";
import { entryType } from "../schema/implied-type.js";
import type { AnyAttribute } from "../schema/nested.js";
import type { Schema } from "../schema/schema.js";
import { elementAt, elementsOf, innerSchema, setOwn } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

function report(
  diagnostics: Diagnostics,
  summary: string,
  detail: string,
  path: WalkPosition,
  found?: ResourceLifecycleContractError[],
): void {
  const at = path.attributePath;
  const error = new ResourceLifecycleContractError(summary, {
    detail,
    ...(at.length > 0 ? { path: at } : {}),
  });
  found?.push(error);
  diagnostics.addError(error.message, error.detail, error.path);
}

/**
 * Checks `result` against `planned`, adding an error per break, and returns the result to
 * store: unknown values in it become null, so the object stays tracked.
 */
export function checkAgainstPlan(
  schema: Schema,
  planned: ObjectValue,
  result: ObjectValue,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue {
  return new PlanCheck(where, diagnostics).object(schema, planned, result, WalkPosition.root);
}

class PlanCheck {
  constructor(
    readonly where: string,
    readonly diagnostics: Diagnostics,
  ) {}

  object(schema: Schema, planned: ObjectValue, result: ObjectValue, path: WalkPosition): ObjectValue {
    const out: Record<string, CtyValue> = { ...result };
    for (const [name, entry] of Object.entries(schema)) {
      const want = planned[name] ?? null;
      const got = result[name] ?? null;
      const here = path.attribute(name);
      if (entry.kind === "attribute" || isUnknown(got) || isUnknown(want) || entry.nesting === "set") {
        // Compared whole: a plain value, or one whose parts cannot be paired with the plan's.
        if (containsUnknown(got)) {
          this.leftUnknown(here);
          out[name] = withoutUnknowns(got);
        } else if (!containsUnknown(want) && !valuesEqual(got, want, entryType(entry))) {
          // An unknown planned value may become anything; a known one must come back as it was.
          this.changed(here, want, got);
        } else if (entry.kind !== "attribute" && entry.nesting === "set" && containsUnknown(want)) {
          // A set planned with unknowns inside keeps its number of elements.
          const count = (v: CtyValue) => (Array.isArray(v) ? v.length : 0);
          if (count(got) !== count(want)) this.countChanged(here, count(want), count(got));
        }
        continue;
      }
      if (want === null || got === null) {
        if (want !== got) this.changed(here, want, got);
        out[name] = withoutUnknowns(got);
        continue;
      }
      const wantElements = elementsOf(entry.nesting, want, here);
      const gotElements = elementsOf(entry.nesting, got, here);
      if (entry.nesting === "map") {
        const keys = (v: CtyValue) => (isRecord(v) ? Object.keys(v).sort() : []);
        if (keys(want).join("\u0000") !== keys(got).join("\u0000")) {
          this.changed(here, want, got, "its keys");
          continue;
        }
      } else if (wantElements.length !== gotElements.length) {
        this.countChanged(here, wantElements.length, gotElements.length);
        continue;
      }
      out[name] = this.elements(entry.nesting, innerSchema(entry), want, got, here);
    }
    return out;
  }

  elements(
    nesting: "single" | "group" | "list" | "map",
    schema: Schema,
    want: CtyValue,
    got: CtyValue,
    path: WalkPosition,
  ): CtyValue {
    const one = (w: CtyValue, g: CtyValue, p: WalkPosition): CtyValue => {
      if (isRecord(w) && isRecord(g)) return this.object(schema, w, g, p);
      if (containsUnknown(g)) {
        this.leftUnknown(p);
        return withoutUnknowns(g);
      }
      if ((w === null) !== (g === null)) this.changed(p, w, g);
      return g;
    };
    switch (nesting) {
      case "single":
      case "group":
        return one(want, got, path);
      case "list":
        return (got as readonly CtyValue[]).map((g, i) => one(elementAt("list", want, i), g, path.index(i)));
      case "map": {
        const out: Record<string, CtyValue> = {};
        for (const [k, g] of Object.entries(got as ObjectValue))
          setOwn(out, k, one(elementAt("map", want, k), g, path.key(k)));
        return out;
      }
    }
  }

  leftUnknown(path: WalkPosition): void {
    report(
      this.diagnostics,
      `${this.where} left "${path.text}" unknown`,
      "Every value must be known after apply: set the attribute (null is allowed) in the returned state.",
      path,
    );
  }

  changed(path: WalkPosition, want: CtyValue, got: CtyValue, what = "its value"): void {
    report(
      this.diagnostics,
      `${this.where} changed "${path.text}" from its planned value`,
      `The plan said ${describe(want)} and the result says ${describe(got)}: ${what} changed. A known planned value must come back unchanged; compute values that are only known after apply as unknown in the plan (mark the attribute computed).`,
      path,
    );
  }

  countChanged(path: WalkPosition, want: number, got: number): void {
    report(
      this.diagnostics,
      `${this.where} changed the number of elements of "${path.text}"`,
      `The plan has ${want} and the result has ${got}. Return one element for each planned one, in the same order.`,
      path,
    );
  }
}

/** The value with each unknown inside replaced by null. */
function withoutUnknowns(value: CtyValue): CtyValue {
  if (isUnknown(value)) return null;
  if (value instanceof Dynamic) return new Dynamic(value.type, withoutUnknowns(value.value));
  if (Array.isArray(value)) return value.map(withoutUnknowns);
  if (isRecord(value)) {
    const out: Record<string, CtyValue> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, withoutUnknowns(v));
    return out;
  }
  return value;
}

function describe(value: CtyValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || typeof value !== "object" || value instanceof Decimal) return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return "an object";
}

/**
 * Checks a planned object against config and prior state as Terraform will (objchange's
 * AssertPlanValid), adding an error per break. Per attribute the plan may hold config's value;
 * the prior value when both prior and config are set (the provider saying "equivalent, keep
 * it"); anything at all when the attribute is computed and config leaves it null (or it is
 * computed only). Write-only attributes plan null. Blocks keep config's count and keys, and
 * are never wholly unknown. A destroy plans null, and only a destroy does. Returns the errors
 * it added.
 */
export function checkPlanned(
  schema: Schema,
  prior: ObjectValue | null,
  config: ObjectValue | null,
  planned: ObjectValue | null,
  where: string,
  diagnostics: Diagnostics,
): readonly ResourceLifecycleContractError[] {
  const check = new PlannedCheck(where, diagnostics);
  if (config === null || planned === null) {
    if ((config === null) !== (planned === null)) {
      check.report(
        WalkPosition.root,
        `planned ${planned === null ? "no object" : "an object"} where config ${config === null ? "has none (a destroy)" : "has one"}`,
        "A destroy plans null, and every other plan an object.",
      );
    }
  } else {
    check.object(schema, prior, config, planned, WalkPosition.root);
  }
  return check.found;
}

class PlannedCheck {
  readonly found: ResourceLifecycleContractError[] = [];
  constructor(
    readonly where: string,
    readonly diagnostics: Diagnostics,
  ) {}

  object(
    schema: Schema,
    prior: ObjectValue | null,
    config: ObjectValue | null,
    planned: ObjectValue,
    path: WalkPosition,
  ): void {
    for (const [name, entry] of Object.entries(schema)) {
      const args = [prior?.[name] ?? null, config?.[name] ?? null, planned[name] ?? null] as const;
      if (entry.kind === "block") this.block(entry, ...args, path.attribute(name));
      else this.attribute(entry, ...args, path.attribute(name));
    }
  }

  attribute(
    entry: AnyAttribute,
    prior: CtyValue,
    config: CtyValue,
    planned: CtyValue,
    path: WalkPosition,
  ): void {
    const type = entryType(entry);
    const { computed, optional, writeOnly, sensitive } = entry.options;
    // Before the comparisons below: a write-only value equal to config's is still a leak.
    if (writeOnly) {
      if (planned !== null) {
        this.report(
          path,
          `planned a value for the write-only "${path.text}"`,
          "Write-only attributes are never stored: plan them null.",
        );
      }
      return;
    }
    const inner = entry.kind === "nested" && hasWriteOnly(entry.attributes);
    if (!inner && sameIgnoringRefinements(planned, config, type)) return;
    if (prior !== null && config !== null && sameIgnoringRefinements(planned, prior, type)) return;
    if (computed && (!optional || config === null)) return;
    const shown = (v: CtyValue) => (sensitive ? "(sensitive)" : describe(v));
    if (config === null) {
      this.report(
        path,
        `planned a value for "${path.text}", which config leaves unset`,
        `The plan holds ${shown(planned)}, but "${path.text}" is not computed, so it must stay null when config leaves it out. Mark it computed (optional and computed) if the provider fills it in.`,
      );
      return;
    }
    if (entry.kind === "nested") {
      this.nested(entry, prior, config, planned, path);
      return;
    }
    this.report(
      path,
      `planned "${path.text}" differently from config`,
      `Config says ${shown(config)} and the plan ${shown(planned)}${prior === null ? "" : `, and the prior state ${shown(prior)}`}. A value config sets must be planned as config has it, or as the prior state has it when the two are equivalent.`,
    );
  }

  nested(
    entry: Extract<AnyAttribute, { kind: "nested" }>,
    prior: CtyValue,
    config: CtyValue,
    planned: CtyValue,
    path: WalkPosition,
  ): void {
    if ((planned === null) !== (config === null)) {
      this.report(
        path,
        `planned "${path.text}" as ${planned === null ? "null" : "a value"} where config has ${config === null ? "none" : "one"}`,
        "A nested attribute that config sets is planned set, and one it leaves out null.",
      );
      return;
    }
    if (planned === null) return;
    if (isUnknown(planned)) {
      this.report(
        path,
        `planned "${path.text}" wholly unknown although config sets it`,
        "Plan the nested object with config's values, making only its computed attributes unknown.",
      );
      return;
    }
    this.elements(entry.nesting, entry.attributes, prior, config, planned, path, "nested");
  }

  block(entry: Block, prior: CtyValue, config: CtyValue, planned: CtyValue, path: WalkPosition): void {
    if (planned === null && entry.nesting !== "single") {
      this.report(
        path,
        `planned "${path.text}" as null`,
        `A ${entry.nesting} block with no blocks in it is planned ${entry.nesting === "map" || entry.nesting === "group" ? "as an empty object" : "as an empty list"}, never null.`,
      );
      return;
    }
    // Equal to config proves nothing when config holds write-only values: look inside.
    if (!hasWriteOnly(entry.schema) && sameIgnoringRefinements(planned, config, entryType(entry))) return;
    if (isUnknown(config)) {
      this.report(
        path,
        `planned a value for "${path.text}", whose blocks config does not know yet`,
        "Blocks made by a dynamic block over a value not yet known must be planned as config has them: unknown.",
      );
      return;
    }
    if (isUnknown(planned)) {
      this.report(
        path,
        `planned "${path.text}" wholly unknown`,
        "Blocks come from config and are never unknown as a whole: plan each block with its computed attributes unknown instead.",
      );
      return;
    }
    if (entry.nesting === "set") {
      // Set elements cannot be paired with config's; Terraform checks only that none is unknown.
      for (const element of elementsOf("set", planned, path)) {
        if (isUnknown(element.value)) this.unknownElement(element.path);
      }
      return;
    }
    if (
      (entry.nesting === "single" || entry.nesting === "group") &&
      (planned === null) !== (config === null)
    ) {
      this.report(
        path,
        `planned the "${path.text}" block as ${planned === null ? "absent" : "present"} where config has it ${config === null ? "absent" : "present"}`,
        "A block is planned as config writes it.",
      );
      return;
    }
    this.elements(entry.nesting, entry.schema, prior, config, planned, path, "block");
  }

  /** The objects of a nested attribute or block, paired with config's by index or key. */
  elements(
    nesting: "single" | "group" | "list" | "set" | "map",
    schema: Schema,
    prior: CtyValue,
    config: CtyValue,
    planned: CtyValue,
    path: WalkPosition,
    kind: "nested" | "block",
  ): void {
    const one = (p: CtyValue, c: CtyValue, v: CtyValue, at: WalkPosition) => {
      if (isUnknown(v)) {
        if (kind === "block") this.unknownElement(at);
        return;
      }
      if (isUnknown(c)) {
        this.report(
          at,
          `planned a value for "${at.text}", which config does not know yet`,
          "Plan what config does not know yet as unknown.",
        );
        return;
      }
      if (isRecord(v)) this.object(schema, isRecord(p) ? p : null, isRecord(c) ? c : null, v, at);
    };
    switch (nesting) {
      case "single":
      case "group":
        if (planned !== null) one(prior, config, planned, path);
        return;
      case "set": {
        // Only the count can be compared, and only when both are known.
        const count = (v: CtyValue) => (Array.isArray(v) ? v.length : undefined);
        const [want, got] = [count(config), count(planned)];
        if (want !== undefined && got !== undefined && want !== got) this.countChanged(path, want, got);
        return;
      }
      case "list": {
        const want = Array.isArray(config) ? config.length : 0;
        const got = Array.isArray(planned) ? planned.length : 0;
        if (want !== got) {
          this.countChanged(path, want, got);
          return;
        }
        for (const [i, v] of (planned as readonly CtyValue[]).entries()) {
          one(elementAt("list", prior, i), elementAt("list", config, i), v, path.index(i));
        }
        return;
      }
      case "map": {
        const keys = (v: CtyValue) => (isRecord(v) ? Object.keys(v) : []);
        const wanted = new Set(keys(config));
        const got = keys(planned);
        const extra = got.filter((k) => !wanted.has(k));
        const missing = [...wanted].filter((k) => !got.includes(k));
        if (extra.length > 0 || missing.length > 0) {
          this.report(
            path,
            `planned other keys for "${path.text}" than config has`,
            `${extra.length > 0 ? `The plan adds ${extra.map((k) => JSON.stringify(k)).join(", ")}. ` : ""}${missing.length > 0 ? `The plan leaves out ${missing.map((k) => JSON.stringify(k)).join(", ")}. ` : ""}Plan one element for each key config has.`,
          );
          return;
        }
        for (const k of got) {
          one(
            elementAt("map", prior, k),
            elementAt("map", config, k),
            elementAt("map", planned, k),
            path.key(k),
          );
        }
        return;
      }
    }
  }

  unknownElement(path: WalkPosition): void {
    this.report(
      path,
      `planned a block of "${path.text}" as unknown`,
      "A block itself is never unknown: plan the block with its computed attributes unknown instead.",
    );
  }

  countChanged(path: WalkPosition, want: number, got: number): void {
    this.report(
      path,
      `planned ${got} element${got === 1 ? "" : "s"} for "${path.text}" where config has ${want}`,
      "Plan one element for each element config has, in the same order.",
    );
  }

  report(path: WalkPosition, what: string, detail: string): void {
    report(this.diagnostics, `${this.where} ${what}`, detail, path, this.found);
  }
}

/**
 * Checks that a read (or import, or upgrade) result is wholly known, naming each attribute
 * that is not; returns whether it is.
 */
export function checkWhollyKnown(
  schema: Schema,
  value: ObjectValue,
  where: string,
  diagnostics: Diagnostics,
): boolean {
  if (!containsUnknown(value)) return true;
  const walk = (s: Schema, object: ObjectValue, path: WalkPosition) => {
    for (const [name, entry] of Object.entries(s)) {
      const v = object[name] ?? null;
      const here = path.attribute(name);
      if (!containsUnknown(v)) continue;
      if (entry.kind === "attribute" || isUnknown(v)) {
        report(
          diagnostics,
          `${where} returned "${here.text}" unknown`,
          "A state Terraform stores must be wholly known: set the attribute (null is allowed).",
          here,
        );
        continue;
      }
      for (const element of elementsOf(entry.nesting, v, here)) {
        if (isRecord(element.value)) walk(innerSchema(entry), element.value, element.path);
        else if (isUnknown(element.value)) {
          report(
            diagnostics,
            `${where} returned "${element.path.text}" unknown`,
            "A state Terraform stores must be wholly known.",
            element.path,
          );
        }
      }
    }
  };
  walk(schema, value, WalkPosition.root);
  return false;
}

const hasWriteOnly = schemaContains((entry) => entry.options.writeOnly === true);

/** Raw equality, with refined unknowns taken as plain unknowns (Terraform compares so). */
function sameIgnoringRefinements(a: CtyValue, b: CtyValue, type: Parameters<typeof valuesEqual>[2]): boolean {
  return valuesEqual(unrefined(a), unrefined(b), type);
}

function unrefined(value: CtyValue): CtyValue {
  if (isUnknown(value)) return Unknown;
  if (!containsUnknown(value)) return value;
  if (value instanceof Dynamic) return new Dynamic(value.type, unrefined(value.value));
  if (Array.isArray(value)) return value.map(unrefined);
  if (isRecord(value)) {
    const out: Record<string, CtyValue> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, unrefined(v));
    return out;
  }
  return value;
}
