// Running the validators of a schema's attributes and blocks over a configuration, at every
// level of nesting. A value is validated once it is known through and through: Terraform
// validates config again when planning with the final values, so skipping what is still
// unknown loses nothing. Whatever a validator does (returns a message, throws, reports
// issues as a Standard Schema) becomes a diagnostic at the value's path.
import { type CtyType, type CtyValue, containsUnknown, isRecord } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { entryType } from "../schema/implied-type.js";
import type { Schema, SchemaEntry } from "../schema/schema.js";
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
      // Only a value known through and through is validated; null only by those that ask.
      if (validators.length > 0 && !containsUnknown(value)) {
        for (const validator of validators) {
          if (value === null && !validator.includeNull) continue;
          await this.run(validator, entry, value, here, object);
        }
      }
      if (entry.kind === "attribute" || !hasValidators(innerSchema(entry))) continue;
      for (const element of elementsOf(entry.nesting, value, here)) {
        if (isRecord(element.value)) await this.object(innerSchema(entry), element.value, element.path);
      }
    }
  }

  async run(
    validator: NormalizedValidator,
    entry: SchemaEntry,
    value: CtyValue,
    path: WalkPosition,
    parent: ObjectValue,
  ): Promise<void> {
    const ctx: ValidatorContext = {
      path: path.attributePath,
      pathText: path.text,
      parent,
      config: this.config,
      diagnostics: this.diagnostics,
    };
    const summary = `Invalid value for "${path.text}"`;
    try {
      if (validator.kind === "standard") {
        const result = await validator.schema["~standard"].validate(value);
        for (const issue of result.issues ?? []) this.issue(issue, entryType(entry), path, summary);
        return;
      }
      const message =
        validator.kind === "function"
          ? await validator.run(value, ctx)
          : await validator.run.call(validator.self, value, ctx);
      if (typeof message === "string") this.diagnostics.addError(summary, message, path.attributePath);
    } catch (err) {
      addThrown(this.diagnostics, `${this.component}'s validator of "${path.text}"`, err, path.attributePath);
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
