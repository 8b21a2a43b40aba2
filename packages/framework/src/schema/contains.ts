// "Does this schema hold an attribute that ...?" at any depth: inside nested attributes and
// blocks. Walks over values ask it first, so a schema with nothing of the kind costs nothing,
// and remember the answer per schema object (schemas never change once defined).
import type { Block } from "./blocks.js";
import type { Schema, SchemaEntry } from "./schema.js";

/** An attribute, plain or nested: what `test` is asked about (a block has no options of its own). */
export type AttributeEntry = Exclude<SchemaEntry, Block>;

/**
 * A function telling whether a schema holds an attribute for which `test` is true, looking
 * into nested attributes and blocks. Each call of `schemaContains` has its own memory.
 */
export function schemaContains(test: (entry: AttributeEntry) => boolean): (schema: Schema) => boolean {
  const answers = new WeakMap<Schema, boolean>();
  const search = (schema: Schema): boolean => {
    let found = answers.get(schema);
    if (found === undefined) {
      found = Object.values(schema).some((entry) =>
        entry.kind === "block"
          ? search(entry.schema)
          : test(entry) || (entry.kind === "nested" && search(entry.attributes)),
      );
      answers.set(schema, found);
    }
    return found;
  };
  return search;
}
