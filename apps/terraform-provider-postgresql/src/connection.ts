// The provider's connection to PostgreSQL: its settings (the provider block, else the libpq
// environment variables PGHOST, PGPORT, ... as psql and cyrilgdn/terraform-provider-postgresql
// read them, else libpq's defaults), and one short-lived connection per operation.
//
// A connection per operation rather than a pool: Terraform runs a provider process per command
// and ends it abruptly, operations are few, and a pool would hold idle connections (and keep a
// test process that serves the provider in-process alive) for nothing. Grants, schemas and
// extensions live inside one database, so an operation names the database it connects to.
import { retry } from "@tsvider/framework";
import pg from "pg";

export const SSL_MODES = ["disable", "require", "verify-ca", "verify-full"] as const;
export type SslMode = (typeof SSL_MODES)[number];

export interface ConnectionSettings {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly password: string | null;
  readonly database: string;
  readonly sslmode: SslMode;
  readonly connectTimeoutSeconds: number;
}

/** The provider block's values; each null falls back to the environment, then to a default. */
export interface ConnectionConfig {
  readonly host: string | null;
  readonly port: number | bigint | null;
  readonly username: string | null;
  readonly password: string | null;
  readonly database: string | null;
  readonly sslmode: string | null;
  readonly connect_timeout: number | bigint | null;
}

/** The variable, or undefined when it is unset or empty (libpq ignores an empty one too). */
function fromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

function integerFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = fromEnv(env, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new Error(`${name}="${value}" is not a whole number: set it to one, or unset it`);
  return Number(value);
}

export function connectionSettings(config: ConnectionConfig, env: NodeJS.ProcessEnv): ConnectionSettings {
  const sslmode = config.sslmode ?? fromEnv(env, "PGSSLMODE") ?? "disable";
  if (!(SSL_MODES as readonly string[]).includes(sslmode)) {
    throw new Error(
      `PGSSLMODE="${sslmode}" is not an sslmode this provider supports; use one of ${SSL_MODES.join(", ")}`,
    );
  }
  const username = config.username ?? fromEnv(env, "PGUSER") ?? "postgres";
  return {
    host: config.host ?? fromEnv(env, "PGHOST") ?? "localhost",
    port: Number(config.port ?? integerFromEnv(env, "PGPORT") ?? 5432),
    username,
    password: config.password ?? fromEnv(env, "PGPASSWORD") ?? null,
    database: config.database ?? fromEnv(env, "PGDATABASE") ?? "postgres",
    sslmode: sslmode as SslMode,
    connectTimeoutSeconds: Number(config.connect_timeout ?? integerFromEnv(env, "PGCONNECT_TIMEOUT") ?? 180),
  };
}

/** node-postgres's `ssl` option for an sslmode, as libpq reads the mode. */
function sslOption(mode: SslMode): pg.ClientConfig["ssl"] {
  switch (mode) {
    case "disable":
      return false;
    case "require":
      return { rejectUnauthorized: false };
    case "verify-ca":
      // The chain is checked, the host name is not.
      return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case "verify-full":
      return { rejectUnauthorized: true };
  }
}

/**
 * SQLSTATEs worth another connection attempt: the server is starting up or shutting down
 * (57P03), or it has no connection slot free at this moment (53300, often while tofu applies
 * many objects in parallel).
 */
const TRANSIENT = new Set(["57P03", "53300"]);

export class Postgres {
  constructor(readonly settings: ConnectionSettings) {}

  /**
   * Connects to `database` (the provider's when null), runs `fn`, and disconnects whatever
   * happens. Transient refusals are retried until the connect timeout passes.
   */
  async withClient<T>(
    database: string | null,
    fn: (client: pg.Client) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const s = this.settings;
    const client = await retry(
      async () => {
        const c = new pg.Client({
          host: s.host,
          port: s.port,
          user: s.username,
          ...(s.password === null ? {} : { password: s.password }),
          database: database ?? s.database,
          ssl: sslOption(s.sslmode),
          connectionTimeoutMillis: s.connectTimeoutSeconds * 1000,
          application_name: "terraform-provider-postgresql",
        });
        // A connection the server ends between queries emits "error" on the client; without a
        // listener Node would end the process. The query under way rejects with it anyway.
        c.on("error", () => {});
        try {
          await c.connect();
        } catch (error) {
          await c.end().catch(() => {});
          throw error;
        }
        return c;
      },
      {
        what: `a connection to PostgreSQL at ${s.host}:${s.port}`,
        timeout: s.connectTimeoutSeconds * 1000,
        minDelayMs: 200,
        maxDelayMs: 2000,
        isRetryable: (error) => error instanceof pg.DatabaseError && TRANSIENT.has(error.code ?? ""),
        ...(signal === undefined ? {} : { signal }),
      },
    );
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => {});
    }
  }

  /**
   * Whether the database exists: the schemas, grants and extensions in a database dropped
   * outside Terraform are gone with it, and connecting to it would fail.
   */
  async databaseExists(name: string, signal?: AbortSignal): Promise<boolean> {
    const sql = "SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1";
    return this.withClient(null, async (client) => (await client.query(sql, [name])).rowCount !== 0, signal);
  }

  /** `fn` in one transaction: all of it or none of it. */
  async transaction<T>(
    database: string | null,
    fn: (client: pg.Client) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return this.withClient(
      database,
      async (client) => {
        await client.query("BEGIN");
        try {
          const result = await fn(client);
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw error;
        }
      },
      signal,
    );
  }
}
