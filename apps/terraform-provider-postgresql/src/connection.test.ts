// The provider's connection: settings from the provider block, else the libpq environment,
// else the defaults; a login the server refuses, a port nothing listens on and a unix socket,
// through tofu; and the diagnostics mapError makes of the SQLSTATEs a test cannot provoke.
import { stateCheck } from "@tsvider/conformance";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accept, providerBlock, server, sql, uniqueName } from "../test/support.js";
import { connectionSettings } from "./connection.js";
import { mapPostgresError } from "./errors.js";

const none = {
  host: null,
  port: null,
  username: null,
  password: null,
  database: null,
  sslmode: null,
  connect_timeout: null,
};

describe("connection settings", () => {
  it("takes the provider block first, then PG* variables, then libpq's defaults", () => {
    expect(connectionSettings(none, {})).toEqual({
      host: "localhost",
      port: 5432,
      username: "postgres",
      password: null,
      database: "postgres",
      sslmode: "disable",
      connectTimeoutSeconds: 180,
    });
    const env = {
      PGHOST: "db.internal",
      PGPORT: "6432",
      PGUSER: "admin",
      PGPASSWORD: "from-env",
      PGDATABASE: "app",
      PGSSLMODE: "require",
      PGCONNECT_TIMEOUT: "7",
    };
    expect(connectionSettings(none, env)).toEqual({
      host: "db.internal",
      port: 6432,
      username: "admin",
      password: "from-env",
      database: "app",
      sslmode: "require",
      connectTimeoutSeconds: 7,
    });
    expect(
      connectionSettings({ ...none, host: "block", port: 1, sslmode: "verify-full" }, env),
    ).toMatchObject({
      host: "block",
      port: 1,
      sslmode: "verify-full",
    });
    // An empty variable is no setting, as libpq reads it.
    expect(connectionSettings(none, { PGHOST: "" }).host).toBe("localhost");
  });

  it("refuses a PG* variable it cannot use, naming it", () => {
    expect(() => connectionSettings(none, { PGPORT: "five" })).toThrow('PGPORT="five" is not a whole number');
    expect(() => connectionSettings(none, { PGSSLMODE: "prefer" })).toThrow(
      'PGSSLMODE="prefer" is not an sslmode this provider supports; use one of disable, require, verify-ca, verify-full',
    );
  });
});

describe("connecting through tofu", () => {
  const role = (name: string) => `resource "postgresql_role" "r" {\n  name = "${name}"\n}\n`;

  it("says the login was refused and what to check, for a wrong password", async () => {
    const s = server();
    await accept([
      {
        config: `provider "postgresql" {
  host     = "${s.host}"
  port     = ${s.port}
  username = "${s.user}"
  password = "not-the-password"
}
${role(uniqueName("tf_conn"))}`,
        expectError:
          /Error: PostgreSQL refused the provider's login.*password authentication failed for user "postgres" \[SQLSTATE 28P01\]\. Check host, port, username and password in the provider block/,
      },
    ]);
  });

  it("says nothing listens, for a port without a server", async () => {
    await accept([
      {
        config: `provider "postgresql" {
  host = "127.0.0.1"
  port = 1
}
${role(uniqueName("tf_conn"))}`,
        expectError:
          /Error: PostgreSQL refused the connection.*ECONNREFUSED.*check host and port in the provider block/,
      },
    ]);
  });

  it("connects over the unix socket when host is a directory", async () => {
    const name = uniqueName("tf_sock");
    await accept([
      {
        config: `provider "postgresql" {
  host = "${server().socketDir}"
  port = ${server().port}
}
${role(name)}`,
        stateChecks: [stateCheck.attribute("postgresql_role.r", "name", name)],
        check: async () =>
          expect(await sql("postgres", "SELECT 1 FROM pg_roles WHERE rolname = $1", [name])).toHaveLength(1),
      },
    ]);
  });

  it("refuses an sslmode it does not support, at the attribute", async () => {
    await accept([
      {
        config:
          providerBlock().replace('sslmode  = "disable"', 'sslmode  = "prefer"') + role(uniqueName("tf_ssl")),
        expectError: /sslmode.*"prefer"/,
      },
    ]);
  });
});

describe("mapError", () => {
  const at = { kind: "resource" as const, component: "postgresql_role", operation: "create" };
  const databaseError = (code: string, message: string) => {
    const error = new pg.DatabaseError(message, 0, "error");
    error.code = code;
    return error;
  };

  it("says what to do for the SQLSTATEs a connection meets", () => {
    expect(mapPostgresError(databaseError("53300", "sorry, too many clients already"), at)).toMatchObject({
      summary: "PostgreSQL has no connection slot free",
      detail: expect.stringContaining(
        "Run with a lower -parallelism, or raise the server's max_connections.",
      ),
    });
    expect(mapPostgresError(databaseError("57P03", "the database system is starting up"), at)).toMatchObject({
      summary: "PostgreSQL is not accepting connections now",
    });
    expect(mapPostgresError(databaseError("3D000", 'database "nope" does not exist'), at)).toMatchObject({
      summary: "The database does not exist",
      detail: expect.stringContaining('PostgreSQL said: database "nope" does not exist [SQLSTATE 3D000].'),
    });
    expect(
      mapPostgresError(databaseError("2BP01", "role cannot be dropped"), { ...at, operation: "delete" }),
    ).toMatchObject({
      summary: "Other objects still depend on this role",
    });
  });

  it("leaves what it does not know to the framework", () => {
    expect(mapPostgresError(databaseError("XX000", "internal error"), at)).toBeUndefined();
    expect(mapPostgresError(new TypeError("x is not a function"), at)).toBeUndefined();
  });
});
