// Running the plan modifiers of a resource's attributes, at every level of nesting, after
// defaults and unknown-marking. Each modifier sees the attribute's config, planned and prior
// values as the author does; what it returns is checked against the attribute's type before
// it joins the plan, so a mistake is reported against the attribute instead of failing when
// the plan is encoded. Modifiers never run inside sets (start-up checks refuse them there):
// set elements cannot be paired with config's or the prior state's.
import { type CtyValue, CtyValueError, formatPath, isRecord, type Path, valuesEqual } from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import type { AttributePath } from "../attribute-path.js";
import type { Diagnostics } from "../diagnostics.js";
import { entryType } from "../schema/implied-type.js";
import type { AnyAttribute } from "../schema/nested.js";
import { modifiersToRun, type PlanModifierRequest } from "../schema/plan-modifiers.js";
import type { Schema, SchemaEntry } from "../schema/schema.js";
import { forAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject } from "../values/complete.js";
import { addThrown } from "../values/handler.js";
import { elementAt, elementPath, innerSchema, mapObjects, type Nesting } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

export interface ModifierInput {
  readonly prior: ObjectValue | null;
  readonly config: ObjectValue;
  readonly planned: ObjectValue;
}

/**
 * The plan after every attribute's plan modifiers ran, and the paths they asked to replace
 * (none on create, where Terraform ignores them). `component` names the resource in messages.
 */
export async function runPlanModifiers(
  schema: Schema,
  input: ModifierInput,
  component: string,
  diagnostics: Diagnostics,
): Promise<{ planned: ObjectValue; requiresReplace: AttributePath[] }> {
  if (!hasModifiers(schema)) return { planned: input.planned, requiresReplace: [] };
  const run = new ModifierRun(schema, input, component, diagnostics);
  const planned = await run.object(schema, input.prior, input.config, input.planned, WalkPosition.root);
  return { planned, requiresReplace: run.requiresReplace };
}

class ModifierRun {
  readonly requiresReplace: AttributePath[] = [];
  readonly creating: boolean;
  /** The whole resource as the author sees it, before any modifier ran. */
  readonly views: {
    readonly config: ObjectValue;
    readonly plan: ObjectValue;
    readonly state: ObjectValue | null;
  };

  constructor(
    schema: Schema,
    input: ModifierInput,
    readonly component: string,
    readonly diagnostics: Diagnostics,
  ) {
    this.creating = input.prior === null;
    this.views = {
      config: forAuthor(schema, input.config),
      plan: forAuthor(schema, input.planned),
      state: input.prior === null ? null : forAuthor(schema, input.prior),
    };
  }

  async object(
    schema: Schema,
    prior: ObjectValue | null,
    config: ObjectValue | null,
    planned: ObjectValue,
    path: WalkPosition,
  ): Promise<ObjectValue> {
    let out: Record<string, CtyValue> | undefined;
    for (const [name, entry] of Object.entries(schema)) {
      const here = path.attribute(name);
      const before = planned[name] ?? null;
      let value = before;
      if (entry.kind !== "block") {
        value = await this.attribute(entry, name, prior, config?.[name] ?? null, value, here);
      }
      if (entry.kind !== "attribute" && entry.nesting !== "set" && hasModifiers(innerSchema(entry))) {
        value = await this.elements(entry, prior?.[name] ?? null, config?.[name] ?? null, value, here);
      }
      if (value !== before) {
        out ??= { ...planned };
        out[name] = value;
      }
    }
    return out ?? planned;
  }

  /** The objects of a nested attribute or block (not a set), each paired by index or key. */
  async elements(
    entry: Exclude<SchemaEntry, { kind: "attribute" }>,
    prior: CtyValue,
    config: CtyValue,
    planned: CtyValue,
    path: WalkPosition,
  ): Promise<CtyValue> {
    const inner = innerSchema(entry);
    const results = new Map<number | string, ObjectValue>();
    // One element after another, so diagnostics come in the order of the elements.
    for (const [at, object] of objectsOf(entry.nesting, planned)) {
      const here = elementPath(entry.nesting, path, at);
      const p = elementAt(entry.nesting, prior, at);
      const c = elementAt(entry.nesting, config, at);
      results.set(at, await this.object(inner, isRecord(p) ? p : null, isRecord(c) ? c : null, object, here));
    }
    return mapObjects(entry.nesting, planned, (object, at) => results.get(at) ?? object);
  }

  /** `holder` is the prior object holding the attribute `name`, null when there was none. */
  async attribute(
    entry: AnyAttribute,
    name: string,
    holder: ObjectValue | null,
    config: CtyValue,
    planned: CtyValue,
    path: WalkPosition,
  ): Promise<CtyValue> {
    const modifiers = modifiersToRun(entry.options as { planModifiers?: readonly unknown[] });
    if (modifiers.length === 0) return planned;
    const prior = holder?.[name] ?? null;
    const type = entryType(entry);
    const creating = this.creating;
    let current = planned;
    const view = (v: CtyValue) => viewOf(entry, v);
    const where = `${this.component}'s plan modifier of "${path.text}"`;
    for (const modify of modifiers) {
      const plan = current;
      const request: PlanModifierRequest = {
        path: path.attributePath,
        pathText: path.text,
        config: view(config),
        plan: view(plan),
        state: view(prior),
        creating,
        inPriorState: holder !== null,
        get changed() {
          return !creating && !valuesEqual(prior, plan, type);
        },
        resourceConfig: this.views.config,
        resourcePlan: this.views.plan,
        resourceState: this.views.state,
        diagnostics: this.diagnostics,
      };
      let result: unknown;
      try {
        result = await modify(request);
      } catch (err) {
        addThrown(this.diagnostics, where, err, path.attributePath);
        return current;
      }
      if (result === undefined || result === null) continue;
      if (typeof result !== "object") {
        this.diagnostics.addError(
          `${where} returned ${typeof result}`,
          "A plan modifier returns { plan, requiresReplace } (either may be left out), or nothing.",
          path.attributePath,
        );
        return current;
      }
      const { plan: next, requiresReplace } = result as { plan?: CtyValue; requiresReplace?: unknown };
      if (requiresReplace === true && !creating) this.requiresReplace.push(path.attributePath);
      if (!Object.hasOwn(result, "plan") || next === undefined) continue;
      const checked = this.checked(entry, next, [plan, prior, config], path, where);
      if (checked === undefined) return current;
      current = checked;
    }
    return current;
  }

  /**
   * A value a modifier returned, made whole (objects of nested attributes completed with null)
   * and with exact numbers back where the author's doubles came from one of `sources`, or
   * undefined with an error when it does not fit the attribute's type.
   */
  checked(
    entry: AnyAttribute,
    value: CtyValue,
    sources: readonly CtyValue[],
    path: WalkPosition,
    where: string,
  ): CtyValue | undefined {
    let out = value;
    if (entry.kind === "nested") {
      const problems = this.diagnostics.items.length;
      out = mapObjects(
        entry.nesting,
        out,
        (object) => completeObject(entry.attributes, object, where, this.diagnostics) ?? object,
      );
      if (this.diagnostics.items.length > problems) return undefined;
    }
    const wrapper = { value: entry };
    for (const source of sources)
      out = withExactNumbers(wrapper, { value: source }, { value: out }).value ?? null;
    try {
      encodeMsgpack(out, entryType(entry));
    } catch (err) {
      if (!(err instanceof CtyValueError)) throw err;
      const inside = err.path.length > 0 ? ` (at ${insideText(path, err.path)})` : "";
      this.diagnostics.addError(
        `${where} returned a value of the wrong type`,
        `${err.reason}${inside}. Return a value of the attribute's type, null, or Unknown.`,
        path.attributePath,
      );
      return undefined;
    }
    return out;
  }
}

/** The objects of a nested value with their index or key (the value itself for single and group). */
function objectsOf(nesting: Nesting, value: CtyValue): [number | string, ObjectValue][] {
  const out: [number | string, ObjectValue][] = [];
  mapObjects(nesting, value, (object, at) => {
    out.push([at, object]);
    return object;
  });
  return out;
}

/** Where inside the attribute a type error is, written after the attribute's own path. */
function insideText(path: WalkPosition, inner: Path): string {
  const text = formatPath(inner);
  return text.startsWith("[") ? `${path.text}${text}` : `${path.text}.${text}`;
}

/** A value of one attribute as the author sees it (float64 values as doubles). */
function viewOf(entry: AnyAttribute, value: CtyValue): CtyValue {
  return forAuthor({ value: entry }, { value }).value ?? null;
}

const modifiersInside = new WeakMap<Schema, boolean>();

/** Whether any attribute of the schema, at any depth outside sets, has plan modifiers to run. */
export function hasModifiers(schema: Schema): boolean {
  let found = modifiersInside.get(schema);
  if (found === undefined) {
    found = Object.values(schema).some(
      (entry) =>
        (entry.kind !== "block" &&
          modifiersToRun(entry.options as { planModifiers?: readonly unknown[] }).length > 0) ||
        (entry.kind !== "attribute" && entry.nesting !== "set" && hasModifiers(innerSchema(entry))),
    );
    modifiersInside.set(schema, found);
  }
  return found;
}
