// Import helpers. Most resources import by an identifier that is one of their own attributes:
// the practitioner's `tofu import <address> <id>` (or an `import {}` block's id) goes straight
// into that attribute and `read` fills in the rest.

/**
 * An `importState` that puts the ID into `attribute` unchanged:
 * `importState: importPassthrough("id")`. The attribute must hold a string; TypeScript checks
 * that against the resource's schema.
 */
export function importPassthrough<const A extends string>(
  attribute: A,
): (ctx: { readonly id: string }) => Promise<{ [K in A]: string }> {
  // A computed key makes an own property even for "__proto__" (a plain `__proto__:` would not).
  return async ({ id }) => ({ [attribute]: id }) as { [K in A]: string };
}
