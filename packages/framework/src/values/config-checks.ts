// Checks on configuration beyond what its cty type says, run when config is validated: required
// attributes (Terraform checks these too, but bad input must not pass), block counts, and what
// the TypeScript types promise the author (no null elements, int64 whole and in range, float64
// within a double's range). Unknown values are skipped: validation runs again when they are known.
// The same checks hold for a provider function's arguments (function.ts) and an attribute's
// default (schema/defaults.ts).
import { type CtyNumber, type CtyValue, Decimal, isRecord, isUnknown, numberText } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Block } from "../schema/blocks.js";
import { customTypeOf } from "../schema/custom-types.js";
import type { Schema } from "../schema/schema.js";
import type { ValueType } from "../schema/types.js";
import { toDouble } from "./author-values.js";
import { elementsOf, innerSchema } from "./nesting.js";
import type { ObjectValue } from "./object-value.js";
import { WalkPosition } from "./walk-position.js";

export interface ConfigCheckOptions {
  /**
   * Whether the host said it handles write-only attributes (client capability). A host that
   * does not would take the null the plan holds for them as the provider dropping a value.
   */
  readonly writeOnlyAllowed?: boolean;
  /** The resource type the config is of, which names the attribute in what a practitioner reads. */
  readonly typeName?: string;
}

/**
 * The first releases whose ValidateResourceConfig says `write_only_attributes_allowed`. Older
 * hosts (Terraform 1.5.7 and OpenTofu 1.6.3 were tried) send no capabilities and read the
 * schema's write_only flag as nothing: to them the value is an ordinary argument, and the null
 * the framework plans for it fails their plan as "Provider produced invalid plan ... a bug in
 * the provider". Refused at validation instead, the practitioner reads the real reason.
 */
export const WRITE_ONLY_HOSTS = "Terraform 1.11 or OpenTofu 1.11";

/** The sentence a practitioner reads when a host without write-only support is given one. */
export function writeOnlyUnsupported(typeName: string | undefined, path: WalkPosition): string {
  const where = typeName === undefined ? path.text : `${typeName}.${path.text}`;
  return `${where} is write-only, which needs ${WRITE_ONLY_HOSTS} or newer; this Terraform or OpenTofu does not support write-only attributes (it did not say it does when validating the configuration), so the value could not be kept out of its plan and state. Upgrade it, or leave ${path.text} unset.`;
}

export function checkConfig(
  schema: Schema,
  config: ObjectValue,
  diagnostics: Diagnostics,
  options: ConfigCheckOptions = {},
): void {
  checkObject(schema, config, WalkPosition.root, diagnostics, {
    writeOnlyAllowed: options.writeOnlyAllowed ?? true,
    typeName: options.typeName,
  });
}

interface Host {
  readonly writeOnlyAllowed: boolean;
  readonly typeName: string | undefined;
}

function checkObject(
  schema: Schema,
  config: ObjectValue,
  path: WalkPosition,
  diagnostics: Diagnostics,
  host: Host,
): void {
  for (const [name, entry] of Object.entries(schema)) {
    const value = config[name] ?? null;
    const here = path.attribute(name);
    // Checked before "unknown": an unknown value becomes a known one by apply, and this host
    // would plan and store that like any other argument.
    if (!host.writeOnlyAllowed && entry.kind !== "block" && entry.options.writeOnly && value !== null) {
      diagnostics.addError(
        "Write-only attribute not supported",
        writeOnlyUnsupported(host.typeName, here),
        here.attributePath,
      );
      continue;
    }
    if (isUnknown(value)) continue;
    if (entry.kind === "block") {
      checkBlockCount(name, entry, value, here, diagnostics);
    } else if (value === null) {
      if (entry.options.required) {
        diagnostics.addError(
          "Missing required argument",
          `The argument "${here.text}" is required, but no definition was found.`,
          here.attributePath,
        );
      }
      continue;
    } else if (entry.kind === "attribute") {
      checkValue(entry.value, value, here, diagnostics);
      continue;
    }
    for (const element of elementsOf(entry.nesting, value, here)) {
      if (element.value === null) {
        nullElement(element.path, diagnostics);
      } else if (isRecord(element.value)) {
        checkObject(innerSchema(entry), element.value, element.path, diagnostics, host);
      }
    }
  }
}

function checkBlockCount(
  name: string,
  entry: Block,
  value: CtyValue,
  path: WalkPosition,
  diagnostics: Diagnostics,
): void {
  const options = entry.options as { minItems?: number; maxItems?: number };
  const min = options.minItems ?? 0;
  const max = entry.nesting === "single" ? min || 1 : (options.maxItems ?? 0);
  const count =
    value === null
      ? 0
      : Array.isArray(value)
        ? value.length
        : entry.nesting === "map"
          ? Object.keys(value).length
          : 1;
  if (count < min) {
    diagnostics.addError(
      min === 1 ? `Missing required "${name}" block` : `Too few "${name}" blocks`,
      `${min === 1 ? "A" : `At least ${min}`} "${path.text}" block${min === 1 ? " is" : "s are"} required; the configuration has ${count}.`,
      path.attributePath,
    );
  } else if (max > 0 && count > max) {
    diagnostics.addError(
      `Too many "${name}" blocks`,
      `No more than ${max} "${path.text}" block${max === 1 ? " is" : "s are"} allowed; the configuration has ${count}.`,
      path.attributePath,
    );
  }
}

const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** Checks a known, non-null value against what its descriptor promises. */
export function checkValue(
  descriptor: ValueType,
  value: CtyValue,
  path: WalkPosition,
  diagnostics: Diagnostics,
): void {
  if (isUnknown(value) || value === null) return;
  // A custom type (schema/custom-types.ts) checks its values wherever they sit.
  if (customTypeOf(descriptor)?.validate) checkCustom(descriptor, value, path, diagnostics);
  switch (descriptor.kind) {
    case "int64":
      if (!isInt64(value as CtyNumber)) {
        diagnostics.addError(
          "Invalid value",
          `"${path.text}" must be a whole number from ${int64Min} to ${int64Max}; the configuration gives ${numberText(value as CtyNumber)}.`,
          path.attributePath,
        );
      }
      return;
    case "float64":
      // Infinity is a double too; only a finite number too large for one is refused.
      if (typeof value !== "number" && !Number.isFinite(toDouble(value as CtyNumber))) {
        diagnostics.addError(
          "Invalid value",
          `"${path.text}" must be a number a 64-bit float can hold (up to about 1.8e308); the configuration gives ${numberText(value as CtyNumber)}.`,
          path.attributePath,
        );
      }
      return;
    case "list":
    case "set":
    case "map": {
      const element = descriptor.element;
      const entries: [WalkPosition, CtyValue][] = Array.isArray(value)
        ? value.map((v: CtyValue, i) => [descriptor.kind === "set" ? path.element() : path.index(i), v])
        : Object.entries(value as ObjectValue).map(([k, v]) => [path.key(k), v]);
      for (const [p, v] of entries) {
        if (v === null) nullElement(p, diagnostics);
        else checkValue(element, v, p, diagnostics);
      }
      return;
    }
    case "object": {
      const object = value as ObjectValue;
      for (const [name, inner] of Object.entries(descriptor.attributes)) {
        const v = object[name] ?? null;
        const p = path.attribute(name);
        if (v === null) {
          if (!descriptor.optional.has(name)) {
            diagnostics.addError(
              "Missing object attribute",
              `"${p.text}" must have a value: the attribute "${name}" of this object is not optional.`,
              p.attributePath,
            );
          }
        } else checkValue(inner, v, p, diagnostics);
      }
      return;
    }
    case "tuple":
      (value as readonly CtyValue[]).forEach((v, i) => {
        const p = path.index(i);
        if (v === null) nullElement(p, diagnostics);
        else checkValue(descriptor.elements[i]!, v, p, diagnostics);
      });
      return;
    default:
      return;
  }
}

function checkCustom(
  descriptor: ValueType,
  value: CtyValue,
  path: WalkPosition,
  diagnostics: Diagnostics,
): void {
  const custom = customTypeOf(descriptor)!;
  let message: string | undefined;
  try {
    message = custom.validate!(value, { path: path.attributePath, pathText: path.text });
  } catch (err) {
    diagnostics.addError(
      `Could not validate "${path.text}"`,
      `The provider's custom type "${custom.name}" threw while checking the value: ${err instanceof Error ? err.message : String(err)}. This is a bug in the provider: report it to its authors.`,
      path.attributePath,
    );
    return;
  }
  if (typeof message === "string")
    diagnostics.addError(`Invalid ${custom.name}`, message, path.attributePath);
}

function nullElement(path: WalkPosition, diagnostics: Diagnostics): void {
  diagnostics.addError(
    "Null element",
    `"${path.text}" is null, and this provider needs every element to have a value. Remove the element, or give it one.`,
    path.attributePath,
  );
}

function isInt64(n: CtyNumber): boolean {
  if (typeof n === "number") return Number.isInteger(n);
  const whole =
    typeof n === "bigint" ? n : n instanceof Decimal && !n.text.includes(".") ? BigInt(n.text) : undefined;
  return whole !== undefined && whole >= int64Min && whole <= int64Max;
}
