/**
 * The `tsvider_lease` ephemeral resource: a lease held in a file while Terraform uses it, renewed
 * and released with the run.
 *
 * @packageDocumentation
 */
// A lease held in a file for as long as Terraform uses it: an ephemeral resource whose whole
// life is on disk. `open` takes the lease by creating the lease file (refused while another
// unexpired lease holds it), `renew` extends its expiry, `close` removes it. The file holds
// JSON: the lease id, its name, when it expires and how often it was renewed, so another
// process (a script, a second run) can see who holds the path and until when. Terraform is
// asked to renew at half the lease's time to live, well before it lapses.
import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import {
  attr,
  defineEphemeralResource,
  isUnknown,
  privateState,
  TsviderError,
  ValidationError,
} from "@tsvider/framework";
import { removeLeftoverTemporaries, temporaryFor } from "./internal/temporary-files.js";

const defaultTtlSeconds = 30;
const minTtlSeconds = 1;
/** A day: a lease outlives no run by much, and a long one would block others after a crash. */
const maxTtlSeconds = 86_400;

const schema = {
  name: attr.string({
    required: true,
    description:
      "What the lease is for; written into the lease file, for whoever finds it there. Must not be empty.",
  }),
  path: attr.string({
    required: true,
    description:
      "The lease file: created on open (with its directory), rewritten on each renewal, removed on close. Relative paths start at the directory Terraform runs in. Must not be empty.",
  }),
  ttl_seconds: attr.number({
    optional: true,
    description: `How long the lease lasts before it must be renewed, in seconds (${minTtlSeconds} to ${maxTtlSeconds}); ${defaultTtlSeconds} when unset. Terraform renews it at half that while it still uses the lease.`,
  }),
  lease_id: attr.string({ computed: true, description: "The lease's id, new on every open." }),
  expires_at: attr.string({
    computed: true,
    description:
      "When the lease would expire without renewal, as open answered it (RFC 3339, UTC). Renewals move the expiry in the lease file; Terraform keeps the value open gave.",
  }),
};

/** The lease file's content. */
export interface LeaseFile {
  readonly lease_id: string;
  readonly name: string;
  readonly expires_at: string;
  readonly renewals: number;
}

/** Options of `leaseEphemeral`: the type name to register it under. */
export interface LeaseOptions {
  /** Defaults to `tsvider_lease`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

interface LeasePrivate {
  readonly leaseId: string;
  readonly name: string;
  /** The resolved lease file. */
  readonly file: string;
  readonly ttlMs: number;
  readonly renewals: number;
}

/** The lease in `file`: undefined when there is no file, null when the file is no lease. */
async function readLease(file: string): Promise<LeaseFile | undefined | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LeaseFile> | null;
    if (typeof parsed?.lease_id === "string" && typeof parsed.expires_at === "string")
      return parsed as LeaseFile;
  } catch {
    // Not JSON: below.
  }
  return null;
}

const ttlOf = (value: unknown): number => (value === null ? defaultTtlSeconds : Number(String(value)));

/**
 * An ephemeral resource holding a lease in a file while Terraform uses it: created on open,
 * extended on renew, removed on close (`tsvider_lease` unless `options.typeName` says otherwise).
 */
export function leaseEphemeral(options: LeaseOptions = {}) {
  const typeName = options.typeName ?? "tsvider_lease";

  /** Writes the lease through a temporary file: a reader never sees half a lease. */
  const temporaryWith = async (file: string, lease: LeaseFile): Promise<string> => {
    await removeLeftoverTemporaries(dirname(file));
    const temporary = temporaryFor(file);
    await writeFile(temporary, `${JSON.stringify(lease, null, 2)}\n`, { flag: "wx" });
    return temporary;
  };

  return defineEphemeralResource({
    typeName,
    description:
      "A lease held in a file while Terraform uses it: created on open, extended on renew, removed on close.",
    schema,
    privateState: privateState<LeasePrivate>(),
    validateConfig({ config }) {
      for (const attribute of ["name", "path"] as const) {
        if (config[attribute] === "") {
          throw new ValidationError(`${attribute} is empty`, {
            detail:
              attribute === "name"
                ? 'Say what the lease is for, such as "deploy".'
                : 'Give the lease file\'s path, such as "locks/deploy.lease".',
            path: [{ attribute }],
          });
        }
      }
      const ttl = config.ttl_seconds;
      // Unknown until apply: Terraform validates again once it is known.
      if (ttl !== null && !isUnknown(ttl)) {
        const seconds = Number(ttl);
        if (!(seconds >= minTtlSeconds && seconds <= maxTtlSeconds)) {
          throw new ValidationError(`ttl_seconds must be between ${minTtlSeconds} and ${maxTtlSeconds}`, {
            detail: `It is ${seconds}. Leave it unset for ${defaultTtlSeconds} seconds.`,
            path: [{ attribute: "ttl_seconds" }],
          });
        }
      }
    },
    async open({ config }) {
      const file = resolve(config.path);
      const ttlMs = ttlOf(config.ttl_seconds) * 1000;
      const leaseId = randomUUID();
      const opened = Date.now();
      const lease: LeaseFile = {
        lease_id: leaseId,
        name: config.name,
        expires_at: new Date(opened + ttlMs).toISOString(),
        renewals: 0,
      };
      let temporary: string | undefined;
      try {
        await mkdir(dirname(file), { recursive: true });
        temporary = await temporaryWith(file, lease);
        try {
          // link() fails when the lease file exists: of two openers, exactly one takes it.
          await link(temporary, file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
          const held = await readLease(file);
          if (held === null) {
            // Something else lives there: never overwrite it.
            throw new TsviderError(`${config.path} is not a lease file`, {
              detail: `${file} exists and holds no lease that ${typeName} wrote. Point path at a file of its own, or remove that file.`,
              path: [{ attribute: "path" }],
            });
          }
          const expires = held ? Date.parse(held.expires_at) : Number.NaN;
          if (held !== undefined && !(expires <= Date.now())) {
            throw new TsviderError(`${config.path} is held by another lease`, {
              detail: `Lease ${held.lease_id}${held.name ? ` (${held.name})` : ""} holds it${
                Number.isNaN(expires) ? "" : ` until ${held.expires_at}`
              }. Wait for it to be closed or to expire, or remove the file if its holder is gone.`,
              path: [{ attribute: "path" }],
            });
          }
          // Expired (or removed meanwhile): take it over whole.
          await rename(temporary, file);
          temporary = undefined;
        }
      } catch (err) {
        if (err instanceof TsviderError) throw err;
        throw new TsviderError(`Cannot take the lease ${config.path}`, {
          detail: `${typeName} could not write ${file}: ${(err as Error).message}. Check that the path names a writable file.`,
          path: [{ attribute: "path" }],
          cause: err,
        });
      } finally {
        if (temporary !== undefined) await rm(temporary, { force: true }).catch(() => {});
      }
      return {
        result: { ...config, lease_id: leaseId, expires_at: lease.expires_at },
        private: { leaseId, name: config.name, file, ttlMs, renewals: 0 },
        renewAt: new Date(opened + ttlMs / 2),
      };
    },
    async renew({ private: data }) {
      if (data === null)
        throw new TsviderError("The lease's private data did not come back with the renewal");
      const held = await readLease(data.file);
      if (held?.lease_id !== data.leaseId) {
        throw new TsviderError(`Lease ${data.leaseId} on ${data.file} is lost`, {
          detail:
            held === undefined
              ? "The lease file was removed while Terraform still used the lease."
              : held === null
                ? "The lease file was replaced by something that is no lease while Terraform still used the lease."
                : `The file now holds lease ${held.lease_id}: the lease expired before its renewal and was taken over.`,
        });
      }
      const now = Date.now();
      const renewals = data.renewals + 1;
      const lease: LeaseFile = {
        lease_id: data.leaseId,
        name: data.name,
        expires_at: new Date(now + data.ttlMs).toISOString(),
        renewals,
      };
      const temporary = await temporaryWith(data.file, lease);
      try {
        await rename(temporary, data.file);
      } catch (err) {
        await rm(temporary, { force: true }).catch(() => {});
        throw new TsviderError(`Cannot renew the lease ${data.file}`, {
          detail: `${typeName} could not rewrite ${data.file}: ${(err as Error).message}.`,
          cause: err,
        });
      }
      return { private: { ...data, renewals }, renewAt: new Date(now + data.ttlMs / 2) };
    },
    async close({ private: data }) {
      if (data === null) return;
      // Only our own lease: one taken over after ours expired belongs to someone else.
      const held = await readLease(data.file);
      if (held?.lease_id === data.leaseId) await rm(data.file, { force: true });
    },
  });
}
