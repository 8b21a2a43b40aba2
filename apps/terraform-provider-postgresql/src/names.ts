// What the resources share about PostgreSQL names: the 63-byte limit, the validators that
// enforce it, and the Postgres client a handler gets from the provider.
import { isUnknown, ProviderError, type Unknown, type Validator } from "@tsvider/framework";
import { Postgres } from "./connection.js";

/**
 * PostgreSQL keeps the first 63 bytes of a name (NAMEDATALEN - 1) and drops the rest with a
 * notice, so a longer name would be stored shorter than configured and plan a change forever.
 */
export const nameValidators: readonly Validator<string>[] = [
  (name, ctx) =>
    name === "" ? `"${ctx.pathText}" is empty; a PostgreSQL name has at least one character` : undefined,
  (name, ctx) =>
    Buffer.byteLength(name) > 63
      ? `"${ctx.pathText}" is ${Buffer.byteLength(name)} bytes long; PostgreSQL keeps only the first 63 bytes of a name, so shorten it`
      : undefined,
  (name, ctx) =>
    name.includes("\0")
      ? `"${ctx.pathText}" holds a NUL character, which PostgreSQL names cannot hold`
      : undefined,
];

/** The provider's connection, as configure made it. */
export function postgresOf(providerData: unknown): Postgres {
  if (providerData instanceof Postgres) return providerData;
  throw new ProviderError("The postgresql provider is not configured", {
    detail: "This is a bug in the provider: configure did not run before this operation.",
  });
}

/**
 * A planned value with unknown read as null: an optional and computed attribute that config
 * leaves out is unknown in the plan, and means "whatever the server chooses".
 */
export function known<T>(value: T): Exclude<T, Unknown> | null {
  return isUnknown(value) ? null : (value as Exclude<T, Unknown>);
}
