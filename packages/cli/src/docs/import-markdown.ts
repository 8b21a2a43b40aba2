// The "Import" section of a resource's page: how to bring an existing object under
// management, by its ID (an `import` block, or `terraform import`) and, for a resource with an
// identity, by that identity. The provider's own import examples (examples/resources/<type>/
// import*) are shown when it has some; else an example is written from the type's name and,
// for identity, the identity schema's attributes.
import type { IdentitySchemaJson, TypeJson } from "../schema/json.js";
import { codeBlock, type Example, exampleMarkdown } from "./examples.js";
import { identitySchemaMarkdown } from "./schema-markdown.js";

export interface ImportMarkdownInput {
  readonly typeName: string;
  /**
   * Whether the resource can be imported, as the provider's schema details say; undefined when
   * there are none (a schema read from a file), and then only its examples and identity show.
   */
  readonly importable: boolean | undefined;
  readonly identity: IdentitySchemaJson | undefined;
  /** The resource's import examples (examples/resources/<type>/import*). */
  readonly examples: readonly Example[];
}

/** The section's body, without its "## Import" heading; undefined when there is nothing to say. */
export function importMarkdown(input: ImportMarkdownInput): string | undefined {
  const { typeName, importable, identity, examples } = input;
  if (importable === false) {
    // Nothing imports it: the identity, which Terraform still keeps, is described on its own.
    return identity === undefined
      ? undefined
      : `\`${typeName}\` cannot be imported.\n\n${identitySchemaMarkdown(identity)}`;
  }
  if (importable === undefined) {
    if (identity === undefined && examples.length === 0) return undefined;
    return parts(
      examples.length > 0 ? "Import is supported using the following syntax:" : undefined,
      ...examples.map(exampleMarkdown),
      identity !== undefined ? identitySchemaMarkdown(identity) : undefined,
    );
  }
  const address = `${typeName}.example`;
  const byId =
    examples.length > 0
      ? parts("Import is supported using the following syntax:", ...examples.map(exampleMarkdown))
      : parts(
          "An existing object can be imported by its ID with an `import` block (Terraform and OpenTofu 1.5 and later):",
          codeBlock("terraform", `import {\n  to = ${address}\n  id = "<ID>"\n}`),
          "or with the command line:",
          codeBlock("shell", `terraform import ${address} "<ID>"`),
        );
  // The provider's own examples may import by identity already; one written here would repeat it.
  const identitySection =
    identity !== undefined ? identityImport(address, identity, examples.length === 0) : undefined;
  return parts(byId, identitySection);
}

/** Import by identity: an `import` block with `identity`, and the identity's attributes. */
function identityImport(address: string, identity: IdentitySchemaJson, withExample: boolean): string {
  const attributes = identity.attributes ?? {};
  const names = Object.keys(attributes).sort();
  const required = names.filter((n) => attributes[n]?.required_for_import === true);
  // The example names what import needs; with nothing required, every attribute it may take.
  const shown = required.length > 0 ? required : names;
  const width = Math.max(0, ...shown.map((n) => n.length));
  const lines = shown.map((n) => `    ${n.padEnd(width)} = ${placeholder(n, attributes[n]?.type)}`);
  return parts(
    "### Import by identity",
    withExample
      ? "An `import` block may name the object by its identity instead of its ID (Terraform and OpenTofu 1.12 and later):"
      : "An `import` block may name the object by its identity instead of its ID (Terraform and OpenTofu 1.12 and later).",
    withExample
      ? codeBlock(
          "terraform",
          `import {\n  to       = ${address}\n  identity = {\n${lines.join("\n")}\n  }\n}`,
        )
      : undefined,
    identitySchemaMarkdown(identity),
  );
}

/** A stand-in value the reader replaces: a quoted `"<name>"` for a string, `<name>` otherwise. */
function placeholder(name: string, type: TypeJson | undefined): string {
  return type === "string" ? `"<${name}>"` : `<${name}>`;
}

function parts(...texts: (string | undefined)[]): string {
  return texts.filter((t): t is string => t !== undefined && t.trim() !== "").join("\n\n");
}
