// The postgresql provider: its connection settings (connection.ts), its components, and the one
// place PostgreSQL's errors become diagnostics (errors.ts).
import { attr, defineProvider, validate } from "@tsvider/framework";
import { connectionSettings, Postgres, SSL_MODES } from "./connection.js";
import { database } from "./database.js";
import { defaultPrivileges } from "./default-privileges.js";
import { mapPostgresError } from "./errors.js";
import { extension } from "./extension.js";
import { grant } from "./grant.js";
import { quoteIdentFunction } from "./quote-ident.js";
import { role } from "./role.js";
import { roles } from "./roles-data-source.js";
import { schemaResource } from "./schema.js";
import { schemas } from "./schemas-data-source.js";

export const VERSION = "0.1.0";

export const provider = defineProvider({
  name: "postgresql",
  version: VERSION,
  description:
    "Manages PostgreSQL roles, databases, schemas, grants, default privileges and extensions. Each setting left out is read from the libpq environment variable named beside it, else takes libpq's default.",
  schema: {
    host: attr.string({
      optional: true,
      description:
        "The server's host name or address, or the directory of its unix socket (a path starting with `/`). Else `PGHOST`, else `localhost`.",
    }),
    port: attr.int64({
      optional: true,
      description: "The server's port. Else `PGPORT`, else 5432.",
      validators: [validate.between(1, 65535)],
    }),
    username: attr.string({
      optional: true,
      description: "The role the provider connects as. Else `PGUSER`, else `postgres`.",
    }),
    password: attr.string({
      optional: true,
      sensitive: true,
      description: "The password of `username`. Else `PGPASSWORD`.",
    }),
    database: attr.string({
      optional: true,
      description:
        "The database the provider connects to for roles and databases, and for schemas, grants and extensions that name none. Else `PGDATABASE`, else `postgres`.",
    }),
    sslmode: attr.string({
      optional: true,
      description:
        "Whether and how to use SSL: `disable`, `require` (encrypted, server not verified), `verify-ca` (the server's certificate chain is verified) or `verify-full` (its host name too). Else `PGSSLMODE`, else `disable`.",
      validators: [validate.oneOf(SSL_MODES)],
    }),
    connect_timeout: attr.int64({
      optional: true,
      description:
        "How many seconds to wait for a connection, retries included (a server starting up, no connection slot free). Else `PGCONNECT_TIMEOUT`, else 180.",
      validators: [validate.atLeast(1)],
    }),
  },
  configure({ config }) {
    return new Postgres(connectionSettings(config, process.env));
  },
  mapError: mapPostgresError,
  resources: [role, database, schemaResource, grant, defaultPrivileges, extension],
  dataSources: [roles, schemas],
  functions: [quoteIdentFunction],
});
