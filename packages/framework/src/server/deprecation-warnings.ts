// Warnings for deprecated attributes and blocks a configuration sets. Neither OpenTofu nor
// Terraform warns of a provider's deprecation itself (it only shows it in the schema), so the
// provider says it at validation, once per place it is set, naming that place.
import { isRecord } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Schema } from "../schema/schema.js";
import { elementsOf, innerSchema } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

export function warnDeprecated(schema: Schema, config: ObjectValue, diagnostics: Diagnostics): void {
  walk(schema, config, WalkPosition.root, diagnostics);
}

function walk(schema: Schema, config: ObjectValue, path: WalkPosition, diagnostics: Diagnostics): void {
  for (const [name, entry] of Object.entries(schema)) {
    const value = config[name] ?? null;
    const here = path.attribute(name);
    const message = (entry.options as { deprecationMessage?: string }).deprecationMessage;
    // A block is set when it is there at all; an empty list or map of blocks is not.
    const set =
      value !== null &&
      !(entry.kind === "block" && (Array.isArray(value) ? value.length === 0 : isEmptyRecord(value)));
    if (message !== undefined && set) {
      const what = entry.kind === "block" ? "block" : "attribute";
      diagnostics.addWarning(
        `${what === "block" ? "Block" : "Attribute"} deprecated`,
        `The ${what} "${here.text}" is deprecated: ${message}`,
        here.attributePath,
      );
    }
    if (entry.kind === "attribute") continue;
    for (const element of elementsOf(entry.nesting, value, here)) {
      if (isRecord(element.value)) walk(innerSchema(entry), element.value, element.path, diagnostics);
    }
  }
}

function isEmptyRecord(value: unknown): boolean {
  return isRecord(value as never) && Object.keys(value as object).length === 0;
}
