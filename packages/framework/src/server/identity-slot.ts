// The engine's side of resource identity: the IdentitySlot of one handler call (the `identity`
// and `setIdentity` handlers receive), the checks an identity passes before Terraform stores it
// (the identity schema's attributes only, each of its type, wholly known, those required for
// import set), the rule that an existing object's identity never changes, and the planned
// identity. The author's side, identityAttr and the identity schema, is ../identity.ts; the
// wire's, ResourceIdentityData, is ../protocol/identity-wire.ts.
import {
  type CtyType,
  type CtyValue,
  CtyValueError,
  containsUnknown,
  formatPath,
  isRecord,
  valuesEqual,
} from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import type { Diagnostics } from "../diagnostics.js";
import type { IdentitySchema } from "../identity.js";
import type { Resource } from "../resource.js";
import type { ObjectValue } from "../values/object-value.js";

/**
 * The identity of one handler call: the one Terraform sent (`identity`) and the one the handler
 * set, if any. A resource without an identity schema gets neither field.
 */
export class IdentitySlot {
  #set: { readonly value: unknown } | undefined;

  constructor(
    readonly resource: Resource,
    /** The identity Terraform sent with the object; null when it has none. */
    readonly current: ObjectValue | null,
  ) {}

  /** Whether the handler called setIdentity. */
  get wasSet(): boolean {
    return this.#set !== undefined;
  }

  /**
   * The fields spread into the handler's context, typed to fit whatever identity the resource's
   * handlers take (the value is checked when the handler returns).
   */
  access(): { readonly identity: never; setIdentity(identity: never): void } {
    if (this.resource.identityType === undefined) return {} as never;
    return {
      identity: this.current as never,
      setIdentity: (value: unknown) => {
        // The last call wins; it is checked once the handler returns.
        this.#set = { value };
      },
    };
  }

  /**
   * The identity to answer: the one the handler set, checked, else the current one. Undefined,
   * with an error, when the set one breaks the schema or changes an existing object's identity
   * (`keep`: the identity it must keep, when it had one).
   */
  result(where: string, diagnostics: Diagnostics, keep: ObjectValue | null): ObjectValue | null | undefined {
    if (this.resource.identityType === undefined) return null;
    if (this.#set === undefined) return this.current;
    const identity = checkedIdentity(this.resource, this.#set.value, where, diagnostics);
    if (identity === undefined) return undefined;
    if (keep !== null && !identityUnchanged(this.resource, keep, identity, where, diagnostics))
      return undefined;
    return identity;
  }
}

/** The identity schema of a resource that has one. */
export function identitySchemaOf(resource: Resource): IdentitySchema | undefined {
  return resource.identity?.schema as IdentitySchema | undefined;
}

/**
 * An identity from author code, made whole and checked against the resource's identity schema;
 * undefined with an error naming what is wrong. `where` names the handler: "x_file create".
 */
export function checkedIdentity(
  resource: Resource,
  value: unknown,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue | undefined {
  const schema = identitySchemaOf(resource);
  const type = resource.identityType;
  if (schema === undefined || type === undefined) {
    diagnostics.addError(
      `${where} set an identity, but ${resource.typeName} has no identity schema`,
      "Declare identity: { schema: ... } in defineResource, or do not call setIdentity.",
    );
    return undefined;
  }
  const names = Object.keys(schema);
  if (!isRecord(value as CtyValue)) {
    diagnostics.addError(
      `${where} set an identity that is not an object`,
      `Set the identity as an object with the identity schema's attributes: ${names.join(", ")}.`,
    );
    return undefined;
  }
  const given = value as Record<string, CtyValue | undefined>;
  const problems = diagnostics.items.length;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(schema, name) && given[name] !== undefined) {
      diagnostics.addError(
        `${where} set an identity attribute the identity schema does not have`,
        `"${name}" is not in ${resource.typeName}'s identity schema (it has: ${names.join(", ")}). Remove it, or add it to identity.schema.`,
      );
    }
  }
  const out: Record<string, CtyValue> = {};
  for (const name of names) {
    const v = Object.hasOwn(given, name) ? (given[name] ?? null) : null;
    out[name] = v;
    if (containsUnknown(v)) {
      diagnostics.addError(
        `${where} set identity attribute "${name}" unknown`,
        "An identity Terraform stores must be wholly known: set every attribute to its value.",
      );
    } else if (v === null && schema[name]?.options.requiredForImport) {
      diagnostics.addError(
        `${where} set identity attribute "${name}" to null`,
        `"${name}" is required for import, so every identity of ${resource.typeName} holds it. Set it to the object's value.`,
      );
    }
  }
  if (diagnostics.items.length !== problems) return undefined;
  return fitsIdentityType(out, type, where, diagnostics) ? out : undefined;
}

/**
 * Whether a whole identity object encodes as the identity type, as Terraform will store it;
 * an error naming the attribute that does not, when it does not.
 */
export function fitsIdentityType(
  identity: ObjectValue,
  type: CtyType,
  where: string,
  diagnostics: Diagnostics,
): boolean {
  try {
    encodeMsgpack(identity, type);
    return true;
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    diagnostics.addError(
      `${where} set an identity that does not match the identity schema`,
      `"${formatPath(err.path)}": ${err.reason}.`,
    );
    return false;
  }
}

/**
 * Whether `after` is `before`: an object's identity may not change once it exists (Terraform's
 * rule). When it did, an error says which attribute and that the provider is at fault.
 */
export function identityUnchanged(
  resource: Resource,
  before: ObjectValue,
  after: ObjectValue,
  where: string,
  diagnostics: Diagnostics,
): boolean {
  const type = resource.identityType;
  if (type === undefined || containsUnknown(before) || valuesEqual(before, after, type)) return true;
  const changed = Object.keys(type.attributes).filter(
    (name) => !valuesEqual(before[name] ?? null, after[name] ?? null, type.attributes[name]!),
  );
  diagnostics.addError(
    `${where} changed the identity of an existing object`,
    `Identity attribute${changed.length === 1 ? "" : "s"} ${changed.map((n) => `"${n}"`).join(", ")} changed, but an object's identity may never change after it is created: it names the object. This is a bug in the provider. If the remote object was replaced, have read return null so Terraform plans to create it anew. The stored state and identity were kept.`,
  );
  return false;
}

/**
 * The planned identity: the prior one on update (it may not change) and on destroy (Terraform
 * hands it to the apply, so delete sees it); none on create, where create sets it. Terraform
 * would take an unknown identity in a create's plan, but OpenTofu 1.12 cannot store one in
 * its plan ("Failed to marshal plan to json: value is not known"). An object stored before its
 * resource had an identity plans none, and the apply or read after sets it.
 */
export function plannedIdentity(
  resource: Resource,
  request: {
    readonly priorState: ObjectValue | null;
    readonly proposedNewState: ObjectValue | null;
    readonly priorIdentity: ObjectValue | null;
  },
): ObjectValue | null {
  if (resource.identityType === undefined || request.priorState === null) return null;
  return request.priorIdentity;
}

/**
 * Checks an identity an `import {}` block gave: every attribute required for import set and
 * known. Returns whether it may be imported.
 */
export function checkImportIdentity(
  resource: Resource,
  identity: ObjectValue,
  diagnostics: Diagnostics,
): boolean {
  const schema = identitySchemaOf(resource) ?? {};
  const problems = diagnostics.items.length;
  for (const [name, attribute] of Object.entries(schema)) {
    const v = identity[name] ?? null;
    if (containsUnknown(v)) {
      diagnostics.addError(
        `The import identity of ${resource.typeName} has "${name}" unknown`,
        "Every value of an import block's identity must be known when planning: use values that do not depend on resources not yet created.",
      );
    } else if (v === null && attribute.options.requiredForImport) {
      const required = Object.entries(schema)
        .filter(([, a]) => a.options.requiredForImport)
        .map(([n]) => n);
      diagnostics.addError(
        `The import identity of ${resource.typeName} lacks "${name}"`,
        `"${name}" is required to import by identity. Set ${required.map((n) => `"${n}"`).join(", ")} in the import block's identity.`,
      );
    }
  }
  return diagnostics.items.length === problems;
}

/**
 * The identity an applied create or update answers. Create must set one (the object is new,
 * Terraform has none for it); update keeps the one the object had unless it set the same. A
 * wrong identity is an error, and the object keeps the identity it had (none after a create).
 */
export function identityAfterApply(
  slot: IdentitySlot,
  created: boolean,
  where: string,
  diagnostics: Diagnostics,
  priorIdentity: ObjectValue | null,
): ObjectValue | null {
  if (slot.resource.identityType === undefined) return null;
  if (created && !slot.wasSet) {
    diagnostics.addError(
      `${where} set no identity`,
      `${slot.resource.typeName} has an identity schema, so create must call setIdentity({ ... }) with the new object's identity before it returns.`,
    );
    return null;
  }
  return slot.result(where, diagnostics, priorIdentity) ?? priorIdentity;
}
