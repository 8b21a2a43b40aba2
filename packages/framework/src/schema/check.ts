// Start-up checks of a schema against the rules Terraform applies when it loads one
// (its configschema validation), and the few more a schema needs to work through this framework. A
// schema that breaks them would otherwise fail much later, inside tofu, with a message that
// names neither the component nor the attribute. (Terraform's rule that a block type may not
// share an attribute's name needs no check: both live in one record, so they cannot.)
import * as cty from "@tsvider/cty";
import { FrameworkConfigurationError } from "../diagnostics.js";
import type { Block } from "./blocks.js";
import { defaultProblem } from "./defaults.js";
import { elementType } from "./implied-type.js";
import type { AnyAttribute, NestedAttribute } from "./nested.js";
import { alwaysReplaces, planModifiersProblem } from "./plan-modifiers.js";
import type { Schema, SchemaEntry } from "./schema.js";
import { type ValueShape, validatorsProblem } from "./validators.js";

export interface SchemaCheckOptions {
  /** Whether write-only attributes are allowed: in managed resources only. */
  readonly writeOnlyAllowed?: boolean;
  /** Whether defaults and plan modifiers are allowed: in managed resources only, which are planned. */
  readonly planned?: boolean;
  /** Top-level names the configuration language keeps for itself in this kind of component. */
  readonly reservedNames?: readonly string[];
}

/** Meta-arguments of resource and data blocks: an attribute of that name could never be set. */
export const reservedResourceNames = [
  "connection",
  "count",
  "depends_on",
  "for_each",
  "lifecycle",
  "provider",
  "provisioner",
] as const;
/** Meta-arguments of provider blocks. */
export const reservedProviderNames = ["alias", "version"] as const;

const identifier = /^[a-z_][a-z0-9_]*$/;
const attributeNesting = new Set(["single", "list", "set", "map"]);
const blockNesting = new Set(["single", "list", "set", "map", "group"]);

type What = "attribute" | "block";

/** Throws FrameworkConfigurationError for the first rule the schema breaks. */
export function checkSchema(component: string, schema: Schema, options: SchemaCheckOptions = {}): void {
  new SchemaChecker(component, options).body(schema, [], { inSet: false, inList: false, inComputed: false });
}

interface Context {
  /** The name of the set-nested attribute or set block this lies in, if any. */
  readonly inSet: string | false;
  /** The name of the list-nested attribute or list block this lies in, if any. */
  readonly inList: string | false;
  /** The name of the computed nested attribute this lies in, if any. */
  readonly inComputed: string | false;
}

class SchemaChecker {
  constructor(
    readonly component: string,
    readonly options: SchemaCheckOptions,
  ) {}

  fail(what: What, path: readonly string[], problem: string, fix: string): never {
    throw new FrameworkConfigurationError(`${this.component}: ${what} "${path.join(".")}" ${problem}`, {
      detail: fix,
      path: path.map((attribute) => ({ attribute })),
    });
  }

  body(schema: Schema, prefix: readonly string[], context: Context): void {
    for (const [name, entry] of Object.entries(schema)) {
      const path = [...prefix, name];
      this.name(name, path, entry);
      switch (entry?.kind) {
        case "attribute":
        case "nested":
          this.attribute(entry, path, context);
          break;
        case "block":
          this.block(entry, path, context);
          break;
        default:
          this.fail(
            "attribute",
            path,
            "is neither an attribute nor a block",
            "Build schema entries with attr.* (attr.string, attr.listNested, ...) or block.* (block.list, ...).",
          );
      }
      this.siblings(entry, schema, path);
    }
  }

  name(name: string, path: readonly string[], entry: SchemaEntry): void {
    const what: What = entry?.kind === "block" ? "block" : "attribute";
    if (name === "__proto__") {
      this.fail(what, path, "is a name JavaScript reserves", `Choose another ${what} name.`);
    }
    if (!identifier.test(name)) {
      this.fail(
        what,
        path,
        `is not a valid ${what} name`,
        "Use lowercase letters, digits and underscores, starting with a letter or underscore.",
      );
    }
    if (path.length === 1 && this.options.reservedNames?.includes(name)) {
      this.fail(
        what,
        path,
        "has a name the configuration language keeps for a meta-argument",
        `Terraform reads "${name}" itself in this block, so the provider would never see it. Choose another name.`,
      );
    }
  }

  documentation(
    what: What,
    path: readonly string[],
    o: { description?: string; markdownDescription?: string; deprecationMessage?: string },
  ): void {
    if (o.description !== undefined && o.markdownDescription !== undefined) {
      this.fail(what, path, "has both description and markdownDescription", "Keep one of them.");
    }
    if (o.deprecationMessage !== undefined && o.deprecationMessage.trim() === "") {
      this.fail(
        what,
        path,
        "is deprecated with an empty message",
        "Say what to use instead, or when it goes away: Terraform shows this message to whoever still sets it.",
      );
    }
  }

  attribute(entry: AnyAttribute, path: readonly string[], context: Context): void {
    const o = entry.options ?? {};
    const { required, optional, computed, writeOnly } = o;
    if (!required && !optional && !computed) {
      this.fail(
        "attribute",
        path,
        "is neither required, optional nor computed",
        "Set one of required, optional or computed.",
      );
    }
    if (required && optional) {
      this.fail(
        "attribute",
        path,
        "is both required and optional",
        "Keep one: required (must be set) or optional (may be set).",
      );
    }
    if (required && computed) {
      this.fail(
        "attribute",
        path,
        "is both required and computed",
        "A required value comes from config; use optional + computed for a default the provider fills in.",
      );
    }
    this.documentation("attribute", path, o);
    if (writeOnly) this.writeOnly(entry, path, context);
    if (entry.kind === "nested") this.nested(entry, path, context);
    // After the nested checks: a default is checked against the type they make sure of.
    const planned = this.options.planned === true;
    const problem =
      validatorsProblem(o.validators, valueShape(entry)) ??
      planModifiersProblem(o, { planned, inList: context.inList, inSet: context.inSet }) ??
      defaultProblem(path[path.length - 1]!, entry, planned);
    if (problem) this.fail("attribute", path, problem.problem, problem.fix);
  }

  /** Built-in validators that read sibling attributes name ones the same object has. */
  siblings(entry: SchemaEntry, schema: Schema, path: readonly string[]): void {
    const options = entry.options as { validators?: readonly unknown[] } | undefined;
    for (const validator of options?.validators ?? []) {
      const names = (validator as { siblings?: readonly string[] } | null)?.siblings ?? [];
      const missing = names.find((n) => !Object.hasOwn(schema, n) || n === path[path.length - 1]);
      if (missing !== undefined) {
        this.fail(
          entry.kind === "block" ? "block" : "attribute",
          path,
          `has a validator that names "${missing}", which is not another attribute of the same object`,
          `Name attributes beside "${path[path.length - 1]}" (${Object.keys(schema).join(", ")}); for checks across objects, use validateConfig.`,
        );
      }
    }
  }

  writeOnly(entry: AnyAttribute, path: readonly string[], context: Context): void {
    const o = entry.options;
    if (!this.options.writeOnlyAllowed) {
      this.fail(
        "attribute",
        path,
        "is write-only, which only managed resources allow",
        "Remove writeOnly: Terraform only sends write-only values to resources, never to providers or data sources.",
      );
    }
    if (o.computed) {
      this.fail(
        "attribute",
        path,
        "is both write-only and computed",
        "A write-only value comes only from config and is never stored, so the provider cannot compute it. Make it required or optional.",
      );
    }
    if (alwaysReplaces(o)) {
      this.fail(
        "attribute",
        path,
        "is write-only and requiresReplace",
        "Terraform cannot compare a write-only value with the one before (it is never stored), so it would replace the object on every plan. Remove requiresReplace.",
      );
    }
    if (context.inSet !== false) {
      this.fail(
        "attribute",
        path,
        `is write-only inside the set "${context.inSet}"`,
        "A set's elements are compared by value, so a value inside one cannot be left out of state. Use a list instead of the set, or remove writeOnly.",
      );
    }
    if (context.inComputed !== false) {
      this.fail(
        "attribute",
        path,
        `is write-only inside the computed nested attribute "${context.inComputed}"`,
        "The provider may set a computed attribute and Terraform stores it, but never a write-only value inside it. Remove writeOnly, or computed from the nested attribute.",
      );
    }
    if (entry.kind === "nested") {
      for (const [name, inner] of Object.entries(entry.attributes)) {
        if (!inner?.options?.writeOnly) {
          this.fail(
            "attribute",
            [...path, name],
            `is not write-only, inside the write-only nested attribute "${path.join(".")}"`,
            "Nothing of a write-only attribute is stored, so every attribute inside it must be write-only too.",
          );
        }
      }
    }
  }

  nested(entry: NestedAttribute, path: readonly string[], context: Context): void {
    if (!attributeNesting.has(entry.nesting)) {
      this.fail(
        "attribute",
        path,
        `has nesting "${String(entry.nesting)}"`,
        "Build nested attributes with attr.singleNested, listNested, setNested or mapNested.",
      );
    }
    for (const [name, inner] of Object.entries(entry.attributes ?? {})) {
      if ((inner as SchemaEntry)?.kind === "block") {
        this.fail(
          "block",
          [...path, name],
          "is inside a nested attribute",
          "Nested attributes hold attributes only; use a block (block.list, ...) for the outer one to nest blocks.",
        );
      }
    }
    this.body(entry.attributes, path, {
      inSet: entry.nesting === "set" ? path.join(".") : context.inSet,
      inList: entry.nesting === "list" ? path.join(".") : context.inList,
      inComputed: entry.options.computed ? path.join(".") : context.inComputed,
    });
    // After the inner checks, which make sure the element type can be worked out.
    if (entry.nesting === "set") this.noDynamicInSet("attribute", entry, path);
  }

  block(entry: Block, path: readonly string[], context: Context): void {
    const o = (entry.options ?? {}) as { minItems?: unknown; maxItems?: unknown } & Block["options"];
    if (!blockNesting.has(entry.nesting)) {
      this.fail(
        "block",
        path,
        `has nesting "${String(entry.nesting)}"`,
        "Build blocks with block.single, list, set, map or group.",
      );
    }
    this.documentation("block", path, o);
    const validators = validatorsProblem((o as { validators?: unknown }).validators, valueShape(entry));
    if (validators) this.fail("block", path, validators.problem, validators.fix);
    for (const key of ["minItems", "maxItems"] as const) {
      const n = o[key];
      if (n !== undefined && !(typeof n === "number" && Number.isInteger(n) && n >= 0)) {
        this.fail("block", path, `has ${key} ${String(n)}`, `${key} is a whole number, 0 or more.`);
      }
    }
    const min = (o.minItems as number | undefined) ?? 0;
    const max = (o.maxItems as number | undefined) ?? 0;
    switch (entry.nesting) {
      case "single":
        if (min > 1 || o.maxItems !== undefined) {
          this.fail(
            "block",
            path,
            "has item limits a single block cannot have",
            "A single block appears at most once: set minItems: 1 to require it, and no maxItems.",
          );
        }
        break;
      case "group":
      case "map":
        if (o.minItems !== undefined || o.maxItems !== undefined) {
          this.fail(
            "block",
            path,
            `is a ${entry.nesting} block with minItems or maxItems`,
            `Terraform does not allow item limits on ${entry.nesting} blocks; remove them (validate the count in validateConfig instead).`,
          );
        }
        break;
      default:
        if (max !== 0 && min > max) {
          this.fail(
            "block",
            path,
            `has minItems ${min} above maxItems ${max}`,
            "Lower minItems, or raise maxItems (0 means no limit).",
          );
        }
    }
    this.body(entry.schema ?? {}, path, {
      inSet: entry.nesting === "set" ? path.join(".") : context.inSet,
      inList: entry.nesting === "list" ? path.join(".") : context.inList,
      inComputed: context.inComputed,
    });
    if (entry.nesting === "set") this.noDynamicInSet("block", entry, path);
    if ((entry.nesting === "list" || entry.nesting === "map") && cty.hasDynamicTypes(elementType(entry))) {
      this.fail(
        "block",
        path,
        `is a ${entry.nesting} block with a dynamic attribute inside`,
        "Terraform would then type the whole block as dynamic (a tuple or object of whatever config writes). Use a single block, or a nested attribute (attr.listNested or attr.mapNested), for dynamic values.",
      );
    }
  }

  noDynamicInSet(what: What, entry: NestedAttribute | Block, path: readonly string[]): void {
    if (cty.hasDynamicTypes(elementType(entry))) {
      this.fail(
        what,
        path,
        "is a set with a dynamic attribute inside",
        "A set needs its elements' exact type to compare them, which dynamic leaves open. Use a list instead, or give the attribute a fixed type.",
      );
    }
  }
}

/** What validate.each and validate.keys need to know of a value: whether it has elements or keys. */
function valueShape(entry: AnyAttribute | Block): ValueShape {
  // A malformed attribute (no type) is reported by the checks before; it has no elements.
  if (entry.kind === "attribute") return (entry.type as ValueShape | undefined) ?? { kind: "object" };
  const nesting = entry.nesting as string;
  return nesting === "list" || nesting === "set" || nesting === "map"
    ? { kind: nesting, element: { kind: "object" } }
    : { kind: "object" };
}
