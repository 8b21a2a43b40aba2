// Import helpers. Most resources import by an identifier that is one of their own attributes:
// the practitioner's `tofu import <address> <id>` (or an `import {}` block's id) goes straight
// into that attribute and `read` fills in the rest.

/**
 * Marks importPassthrough's functions: imported by identity, what they return is cut to the
 * resource's own attributes (the helper cannot see the schema; the framework can).
 */
export const copiesIdentity: unique symbol = Symbol("tsvider.importPassthrough");

/**
 * An `importState` that puts the ID into `attribute` unchanged:
 * `importState: importPassthrough("id")`. The attribute must hold a string; TypeScript checks
 * that against the resource's schema.
 *
 * Imported by identity (a resource with an identity, an `import {}` block with `identity`), it
 * copies each identity attribute that is set into the state attribute of the same name; identity
 * attributes the state does not have are left out, and `read` fills in the rest.
 */
export function importPassthrough<const A extends string>(
  attribute: A,
): (ctx: {
  readonly id: string | null;
  readonly identity?: Readonly<Record<string, unknown>> | null;
}) => Promise<{ [K in A]: string }> {
  const passthrough = async ({
    id,
    identity,
  }: {
    readonly id: string | null;
    readonly identity?: Readonly<Record<string, unknown>> | null;
  }) => {
    if (id === null && identity) {
      const state: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(identity)) {
        if (value !== null) Object.defineProperty(state, name, { value, enumerable: true, writable: true });
      }
      return state as { [K in A]: string };
    }
    // A computed key makes an own property even for "__proto__" (a plain `__proto__:` would not).
    return { [attribute]: id } as { [K in A]: string };
  };
  return Object.assign(passthrough, { [copiesIdentity]: true });
}
