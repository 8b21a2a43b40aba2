/**
 * The `tsvider_timed_token` resource: a token that expires, kept in private state and issued
 * again once its lifetime has passed.
 *
 * @packageDocumentation
 */
// A token that expires: the component that exercises private state. The token and its expiry
// are kept in the object's private state (sealed by the framework, never shown), which is what
// read trusts; once the expiry has passed, read says so with a warning at `expires_at` and
// reports the token gone, so the next plan issues a new one. The schema and the formats follow
// pyvider's `timed_token` documentation (`timed-token-id-<uuid>`, `token-<uuid>`, an ISO 8601
// UTC expiry in whole seconds); `lifetime` is tsvider's own. `expires_at` is not sensitive,
// as pyvider's documentation says and its own example (an output of expires_at without
// `sensitive = true`) needs: pyvider's code marks it sensitive, and then that example fails.
import { randomUUID } from "node:crypto";
import { attr, defineResource, privateState, ResourceError, type ValidatorContext } from "@tsvider/framework";

/** How long a token lives when config does not say. */
export const DEFAULT_TOKEN_LIFETIME = "1h";
/** A year: a token meant to live longer is not a timed token. */
const MAX_LIFETIME_MS = 8760 * 3600 * 1000;

/** "90m", "1h30m", "45s": hours, minutes and seconds, in that order; milliseconds, or why not. */
export function parseLifetime(text: string): number | string {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (text === "" || match === null) {
    return `must be a duration of hours, minutes and seconds such as "1h", "90m" or "1h30m"; it is ${JSON.stringify(text)}`;
  }
  const [, h, m, s] = match;
  const ms = ((Number(h ?? 0) * 60 + Number(m ?? 0)) * 60 + Number(s ?? 0)) * 1000;
  if (ms <= 0) return `must be longer than zero; it is ${JSON.stringify(text)}`;
  if (ms > MAX_LIFETIME_MS) return `must be a year (8760h) at most; it is ${JSON.stringify(text)}`;
  return ms;
}

const validLifetime = (value: string, ctx: ValidatorContext): string | undefined => {
  const parsed = parseLifetime(value);
  return typeof parsed === "string" ? `"${ctx.pathText}" ${parsed}.` : undefined;
};

const schema = {
  name: attr.string({
    required: true,
    requiresReplace: true,
    validators: [
      (name: string, ctx: ValidatorContext) =>
        name.trim() === "" ? `"${ctx.pathText}" must not be empty.` : undefined,
    ],
    description: "What the token is for; not blank. Changing it issues a new token.",
  }),
  lifetime: attr.string({
    optional: true,
    computed: true,
    requiresReplace: true,
    default: DEFAULT_TOKEN_LIFETIME,
    validators: [validLifetime],
    description: `How long the token lives: hours, minutes and seconds, such as \`"30m"\`, \`"2h"\` or \`"1h30m"\`; more than zero and a year (\`"8760h"\`) at most. Default \`"${DEFAULT_TOKEN_LIFETIME}"\`. Changing it issues a new token.`,
  }),
  id: attr.string({
    computed: true,
    description: "The token's identifier (`timed-token-id-<uuid>`), which is not secret.",
  }),
  token: attr.string({
    computed: true,
    sensitive: true,
    description: "The token itself: `token-` and a random UUID (122 random bits).",
  }),
  expires_at: attr.string({
    computed: true,
    description:
      'When the token expires, as an RFC 3339 UTC time in whole seconds, as Terraform\'s `timestamp()` writes it (`"2026-01-01T01:00:00Z"`); the lifetime is rounded up to the next whole second. Not sensitive. Once passed, the next plan issues a new token.',
  }),
};

/**
 * `from` plus `ms`, rounded up to a whole second so the token lives at least its lifetime,
 * written as Terraform's `timestamp()` writes times: `2026-01-01T01:00:00Z`.
 */
export function expiryAfter(from: Date, ms: number): string {
  const seconds = Math.ceil((from.getTime() + ms) / 1000);
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** What is kept out of sight: the token and its expiry, as the provider issued them. */
interface Issued {
  readonly token: string;
  readonly expires_at: string;
}

/** Options of `timedTokenResource`: the type name to register it under, and the clock. */
export interface TimedTokenOptions {
  /** Defaults to `tsvider_timed_token`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /** The clock; tests give one that has moved on, instead of waiting for a token to expire. */
  readonly now?: () => Date;
}

/**
 * A managed resource issuing a random token (sensitive) that expires after `lifetime` (default
 * `"1h"`, at most a year), keeping the token and its expiry in the framework's sealed private
 * state (`tsvider_timed_token` unless `options.typeName` says otherwise). Once the expiry has
 * passed, read warns at `expires_at` and removes the token from state, so the next apply issues
 * a new one; a model for resources whose provider must remember what Terraform does not show.
 */
export function timedTokenResource(options: TimedTokenOptions = {}) {
  const now = options.now ?? (() => new Date());
  return defineResource({
    typeName: options.typeName ?? "tsvider_timed_token",
    description:
      "A token that expires; its expiry is kept in private state, and an expired token is issued again.",
    schema,
    privateState: privateState<Issued>(),
    async create({ plan, setPrivate }) {
      const lifetime = typeof plan.lifetime === "string" ? plan.lifetime : DEFAULT_TOKEN_LIFETIME;
      const ms = parseLifetime(lifetime);
      if (typeof ms === "string") {
        throw new ResourceError(`lifetime ${ms}`, { path: [{ attribute: "lifetime" }] });
      }
      const issued: Issued = { token: `token-${randomUUID()}`, expires_at: expiryAfter(now(), ms) };
      setPrivate(issued);
      return { ...plan, lifetime, id: `timed-token-id-${randomUUID()}`, ...issued };
    },
    async read({ state, private: issued, diagnostics }) {
      // Private state is the record of what was issued; state is only what Terraform shows.
      // The framework refuses a state file whose sealed data was removed or replaced, so it is
      // null only when a practitioner discarded unreadable data on purpose
      // (TSVIDER_PRIVATE_STATE_DISCARD_UNREADABLE): then state has the last word.
      const expiresAt = issued?.expires_at ?? state.expires_at;
      if (expiresAt !== null && Date.parse(expiresAt) <= now().getTime()) {
        diagnostics.addWarning(
          `The token ${JSON.stringify(state.name)} has expired`,
          `It expired at ${expiresAt}. It is removed from state, and the next apply issues a new one.`,
          [{ attribute: "expires_at" }],
        );
        return null;
      }
      return issued === null ? state : { ...state, ...issued };
    },
    async delete() {
      // Nothing outside Terraform holds the token: forgetting it is deleting it.
    },
  });
}
