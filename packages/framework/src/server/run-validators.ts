// Running the validators of a schema's attributes and blocks over a configuration, at every
// level of nesting. A value is validated once it is known through and through: Terraform
// validates config again when planning with the final values, so skipping what is still
// unknown loses nothing. Whatever a validator does (returns a message, throws, reports
// issues as a Standard Schema) becomes a diagnostic at the value's path. The validators of
// `validate.each` and `validate.keys` run the same way on each element or key, at its own
// path, as soon as that element is known, even while others are not.
import {
  type CtyType,
  type CtyValue,
  containsUnknown,
  string as ctyString,
  isRecord,
  isUnknown,
} from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { entryType } from "../schema/implied-type.js";
import type { Schema } from "../schema/schema.js";
import {
  type NormalizedValidator,
  type StandardSchemaIssue,
  type ValidatorContext,
  validatorsOf,
} from "../schema/validators.js";
import { addThrown } from "../values/handler.js";
import { elementsOf, innerSchema } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

/**
 * Runs every validator in `schema` over `config` (values as authors see them), adding what
 * they find to `diagnostics`. `component` names the resource or provider in messages.
 */
export async function runValidators(
  schema: Schema,
  config: ObjectValue,
  component: string,
  diagnostics: Diagnostics,
): Promise<void> {
  if (!hasValidators(schema)) return;
  await new ValidatorRun(component, config, diagnostics).object(schema, config, WalkPosition.root);
}

class ValidatorRun {
  constructor(
    readonly component: string,
    readonly config: ObjectValue,
    readonly diagnostics: Diagnostics,
  ) {}

  async object(schema: Schema, object: ObjectValue, path: WalkPosition): Promise<void> {
    for (const [name, entry] of Object.entries(schema)) {
      const value = object[name] ?? null;
      const here = path.attribute(name);
      const validators = validatorsOf(entry.options as { validators?: readonly unknown[] });
      if (validators.length > 0) await this.all(validators, entryType(entry), value, here, object);
      if (entry.kind === "attribute" || !hasValidators(innerSchema(entry))) continue;
      for (const element of elementsOf(entry.nesting, value, here)) {
        if (isRecord(element.value)) await this.object(innerSchema(entry), element.value, element.path);
      }
    }
  }

  /**
   * The validators of one value of `type`. Only a value known through and through is
   * validated, null only by those that ask; validate.each and validate.keys look inside a value
   * that is partly unknown, at the elements that are known.
   */
  async all(
    validators: readonly NormalizedValidator[],
    type: CtyType,
    value: CtyValue,
    path: WalkPosition,
    parent: ObjectValue,
    text = path.text,
    summary = `Invalid value for "${text}"`,
  ): Promise<void> {
    const known = !containsUnknown(value);
    for (const validator of validators) {
      if (validator.kind === "elements") await this.elements(validator, type, value, path, parent);
      else if (known && (value !== null || validator.includeNull)) {
        await this.run(validator, type, value, path, parent, text, summary);
      }
    }
  }

  /**
   * validate.each's validators on each element of a list, set or map, or validate.keys's on
   * each key of a map. An element's path is `ports[2]` or `tags["a"]`; a set's elements have
   * none Terraform can point at, so their diagnostics point at the set (`ports[*]` in text). A
   * key is validated as a string at its entry, and named in messages as `keys(tags)`, the
   * expression that lists the keys.
   */
  async elements(
    validator: Extract<NormalizedValidator, { kind: "elements" }>,
    type: CtyType,
    value: CtyValue,
    path: WalkPosition,
    parent: ObjectValue,
  ): Promise<void> {
    if (value === null || isUnknown(value)) return;
    // The start-up check (schema/check.ts) refuses validate.each and validate.keys on
    // anything but these kinds.
    if ((type.kind === "list" || type.kind === "set") && Array.isArray(value)) {
      for (const [i, element] of (value as CtyValue[]).entries()) {
        const at = type.kind === "list" ? path.index(i) : path.element();
        await this.all(validator.validators, type.element, element, at, parent);
      }
    } else if (type.kind === "map" && isRecord(value)) {
      for (const [key, element] of Object.entries(value)) {
        const at = path.key(key);
        if (validator.over === "elements") {
          await this.all(validator.validators, type.element, element, at, parent);
        } else {
          const summary = `Invalid key ${JSON.stringify(key)} in "${path.text}"`;
          await this.all(validator.validators, ctyString, key, at, parent, `keys(${path.text})`, summary);
        }
      }
    }
  }

  async run(
    validator: Exclude<NormalizedValidator, { kind: "elements" }>,
    type: CtyType,
    value: CtyValue,
    path: WalkPosition,
    parent: ObjectValue,
    text: string,
    summary: string,
  ): Promise<void> {
    const ctx: ValidatorContext = {
      path: path.attributePath,
      pathText: text,
      parent,
      config: this.config,
      diagnostics: this.diagnostics,
    };
    try {
      if (validator.kind === "standard") {
        const result = await validator.schema["~standard"].validate(value);
        for (const issue of result.issues ?? []) this.issue(issue, type, path, summary);
        return;
      }
      const message =
        validator.kind === "function"
          ? await validator.run(value, ctx)
          : await validator.run.call(validator.self, value, ctx);
      if (typeof message === "string") this.diagnostics.addError(summary, message, path.attributePath);
    } catch (err) {
      addThrown(this.diagnostics, `${this.component}'s validator of "${text}"`, err, path.attributePath);
    }
  }

  /** A Standard Schema issue, at the value's path followed by the issue's own path. */
  issue(issue: StandardSchemaIssue, type: CtyType, path: WalkPosition, summary: string): void {
    let at = path;
    let current: CtyType | undefined = type;
    for (const raw of issue.path ?? []) {
      const step = typeof raw === "object" && raw !== null ? raw.key : raw;
      const next = stepInto(at, current, step);
      if (!next) break;
      [at, current] = next;
    }
    const where = at === path ? "" : `"${at.text}": `;
    this.diagnostics.addError(summary, `${where}${String(issue.message)}`, at.attributePath);
  }
}

/**
 * One step of an issue's path inside a value of `type`: an index into a list or tuple, an
 * element of a set (where diagnostics stop), a key of a map or an attribute of an object.
 * Undefined when the step does not fit the type, so the diagnostic stays where it was.
 */
function stepInto(
  path: WalkPosition,
  type: CtyType | undefined,
  step: PropertyKey,
): [WalkPosition, CtyType | undefined] | undefined {
  if (!type || typeof step === "symbol") return undefined;
  const index = typeof step === "number" ? step : /^\d+$/.test(step) ? Number(step) : undefined;
  switch (type.kind) {
    case "list":
      return index === undefined ? undefined : [path.index(index), type.element];
    case "tuple":
      return index === undefined ? undefined : [path.index(index), type.elements[index]];
    case "set":
      return [path.element(), type.element];
    case "map":
      return [path.key(String(step)), type.element];
    case "object":
      return Object.hasOwn(type.attributes, String(step))
        ? [path.attribute(String(step)), type.attributes[String(step)]]
        : undefined;
    default:
      return undefined;
  }
}

const validatorsInside = new WeakMap<Schema, boolean>();

/** Whether any attribute or block of the schema, at any depth, has validators. */
function hasValidators(schema: Schema): boolean {
  let found = validatorsInside.get(schema);
  if (found === undefined) {
    found = Object.values(schema).some(
      (entry) =>
        validatorsOf(entry.options as { validators?: readonly unknown[] }).length > 0 ||
        (entry.kind !== "attribute" && hasValidators(innerSchema(entry))),
    );
    validatorsInside.set(schema, found);
  }
  return found;
}
