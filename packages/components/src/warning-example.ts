/**
 * The `tsvider_warning_example` resource: warnings that reach the practitioner without stopping
 * anything (a deprecated attribute, a warning while planning).
 *
 * @packageDocumentation
 */
// Warnings that reach the practitioner without stopping anything: a deprecated attribute
// (`old_name`: its deprecationMessage is in the schema for documentation and `providers
// schema`, and the framework warns at validation wherever config sets it, since neither tofu
// nor Terraform does) and a warning while planning (`source_file` naming a file that is not
// there). tofu shows both at the attribute's line with validate, plan and apply. The schema
// follows pyvider's `warning_example`; nothing is made outside Terraform: the planned name is
// the whole effect.
import { existsSync } from "node:fs";
import { attr, defineResource, isUnknown, validate } from "@tsvider/framework";

const OLD_NAME_DEPRECATION = "Use name instead; old_name will be removed in a future version.";

const schema = {
  name: attr.string({
    optional: true,
    computed: true,
    validators: [validate.conflictsWith("source_file"), validate.atLeastOneOf("old_name", "source_file")],
    description:
      "The name. Conflicts with `source_file`. When not set, it is computed from `old_name` or `source_file`, and shown in the plan.",
  }),
  old_name: attr.string({
    optional: true,
    deprecationMessage: OLD_NAME_DEPRECATION,
    description: "The name, as earlier versions called it. Use `name` instead.",
  }),
  source_file: attr.string({
    optional: true,
    description:
      'A file the name is taken from, as `"from_file:<source_file>"`; a path that does not exist warns while planning. Conflicts with `name`.',
  }),
};

/** Options of `warningExampleResource`: the type name to register it under. */
export interface WarningExampleOptions {
  /** Defaults to `tsvider_warning_example`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A resource that shows how warnings reach the practitioner: a deprecated attribute and a warning
 * while planning (`tsvider_warning_example` unless `options.typeName` says otherwise).
 */
export function warningExampleResource(options: WarningExampleOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_warning_example",
    description:
      "Shows warnings reaching the practitioner: a deprecated attribute and a warning while planning.",
    schema,
    modifyPlan({ plan, config, diagnostics }) {
      if (plan === null || config === null) return undefined; // destroying: nothing to say
      if (typeof config.source_file === "string" && !existsSync(config.source_file)) {
        diagnostics.addWarning(
          "source_file does not exist",
          `${JSON.stringify(config.source_file)} is not there (relative paths start where tofu runs). The name is taken from the path all the same; check it is the file you mean.`,
          [{ attribute: "source_file" }],
        );
      }
      // name is known in the plan when config gives what it follows from.
      if (isUnknown(config.name) || isUnknown(config.old_name) || isUnknown(config.source_file))
        return undefined;
      return { plan: { ...plan, name: config.name ?? derivedName(config) } };
    },
    async create({ plan }) {
      return { ...plan, name: typeof plan.name === "string" ? plan.name : derivedName(plan) };
    },
    async read({ state }) {
      return state;
    },
    async update({ plan }) {
      return { ...plan, name: typeof plan.name === "string" ? plan.name : derivedName(plan) };
    },
    async delete() {},
  });
}

/** The name config leaves to source_file or old_name (source_file first); null when neither is set. */
function derivedName(from: { readonly old_name: unknown; readonly source_file: unknown }): string | null {
  if (typeof from.source_file === "string") return `from_file:${from.source_file}`;
  if (typeof from.old_name === "string") return from.old_name;
  return null;
}
