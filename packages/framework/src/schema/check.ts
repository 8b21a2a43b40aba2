// Start-up checks of a schema against the rules Terraform applies when it loads one
// (PROTOCOL.md section 5). A schema that breaks them would otherwise fail much later, inside
// tofu, with a message that names neither the component nor the attribute.
import * as cty from "@tsvider/cty";
import { FrameworkConfigurationError } from "../diagnostics.js";
import type { Schema } from "./attributes.js";

const identifier = /^[a-z_][a-z0-9_]*$/;

export function checkSchema(component: string, schema: Schema): void {
  const fail = (name: string, problem: string, fix: string) => {
    throw new FrameworkConfigurationError(`${component}: attribute "${name}" ${problem}`, {
      detail: fix,
      path: [{ attribute: name }],
    });
  };
  for (const [name, attribute] of Object.entries(schema)) {
    if (name === "__proto__") {
      fail(name, "is a name JavaScript reserves", "Choose another attribute name.");
    }
    if (!identifier.test(name)) {
      fail(
        name,
        "is not a valid attribute name",
        "Use lowercase letters, digits and underscores, starting with a letter.",
      );
    }
    const { required, optional, computed, description, markdownDescription } = attribute.options;
    if (!required && !optional && !computed) {
      fail(name, "is neither required, optional nor computed", "Set one of required, optional or computed.");
    }
    if (required && optional) {
      fail(
        name,
        "is both required and optional",
        "Keep one: required (must be set) or optional (may be set).",
      );
    }
    if (required && computed) {
      fail(
        name,
        "is both required and computed",
        "A required value comes from config; use optional + computed for a default the provider fills in.",
      );
    }
    if (description !== undefined && markdownDescription !== undefined) {
      fail(name, "has both description and markdownDescription", "Keep one of them.");
    }
  }
}

/** The cty object type of a schema's values. */
export function schemaType(schema: Schema): cty.ObjectType {
  const attributes: Record<string, cty.CtyType> = {};
  for (const [name, attribute] of Object.entries(schema)) attributes[name] = attribute.type;
  return cty.object(attributes);
}
