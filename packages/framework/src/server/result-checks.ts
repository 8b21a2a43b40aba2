// An apply result held to the plan, as Terraform will hold it (PROTOCOL.md section 6): every
// value known, every known planned value unchanged, nulls and element counts as planned. Each
// break is reported against the author's resource and the exact attribute path, instead of
// tofu's "Provider produced inconsistent result after apply".
import {
  type CtyValue,
  containsUnknown,
  Decimal,
  Dynamic,
  isRecord,
  isUnknown,
  valuesEqual,
} from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { entryType } from "../schema/implied-type.js";
import type { Schema } from "../schema/schema.js";
import { elementAt, elementsOf, innerSchema, setOwn } from "./nesting.js";
import type { ObjectValue } from "./provider-server.js";
import { ValuePath } from "./value-path.js";

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
  return new PlanCheck(where, diagnostics).object(schema, planned, result, ValuePath.root);
}

class PlanCheck {
  constructor(
    readonly where: string,
    readonly diagnostics: Diagnostics,
  ) {}

  object(schema: Schema, planned: ObjectValue, result: ObjectValue, path: ValuePath): ObjectValue {
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
    path: ValuePath,
  ): CtyValue {
    const one = (w: CtyValue, g: CtyValue, p: ValuePath): CtyValue => {
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

  leftUnknown(path: ValuePath): void {
    this.diagnostics.addError(
      `${this.where} left "${path.text}" unknown`,
      "Every value must be known after apply: set the attribute (null is allowed) in the returned state.",
      path.steps,
    );
  }

  changed(path: ValuePath, want: CtyValue, got: CtyValue, what = "its value"): void {
    this.diagnostics.addError(
      `${this.where} changed "${path.text}" from its planned value`,
      `The plan said ${describe(want)} and the result says ${describe(got)}: ${what} changed. A known planned value must come back unchanged; compute values that are only known after apply as unknown in the plan (mark the attribute computed).`,
      path.steps,
    );
  }

  countChanged(path: ValuePath, want: number, got: number): void {
    this.diagnostics.addError(
      `${this.where} changed the number of elements of "${path.text}"`,
      `The plan has ${want} and the result has ${got}. Return one element for each planned one, in the same order.`,
      path.steps,
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
