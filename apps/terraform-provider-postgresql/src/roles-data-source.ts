// postgresql_roles: the roles on the server, optionally those whose name matches a LIKE
// pattern, each with the attributes postgresql_role manages.
import { attr, defineDataSource } from "@tsvider/framework";
import { postgresOf } from "./names.js";
import { rfc3339Sql } from "./timestamps.js";

export const roles = defineDataSource({
  typeName: "postgresql_roles",
  description:
    "The roles on the server, in name order; PostgreSQL's own `pg_*` roles are left out unless asked for.",
  schema: {
    like_pattern: attr.string({
      optional: true,
      description: "A LIKE pattern the names must match (`app_%`); every role when unset.",
    }),
    include_system_roles: attr.bool({
      optional: true,
      description: "Whether to list PostgreSQL's predefined `pg_*` roles too. Default false.",
    }),
    roles: attr.listNested(
      {
        name: attr.string({ computed: true, description: "The role's name." }),
        login: attr.bool({ computed: true, description: "Whether it may log in." }),
        superuser: attr.bool({ computed: true, description: "Whether it is a superuser." }),
        create_database: attr.bool({ computed: true, description: "Whether it may create databases." }),
        create_role: attr.bool({ computed: true, description: "Whether it may create roles." }),
        connection_limit: attr.int64({ computed: true, description: "Its connection limit; -1 for none." }),
        valid_until: attr.string({
          computed: true,
          description: "When its password expires (RFC 3339, UTC); null for never.",
        }),
      },
      { computed: true, description: "The roles found." },
    ),
  },
  async read({ config, providerData, signal }) {
    const rows = await postgresOf(providerData).withClient(
      null,
      async (client) =>
        (
          await client.query<{
            rolname: string;
            rolcanlogin: boolean;
            rolsuper: boolean;
            rolcreatedb: boolean;
            rolcreaterole: boolean;
            rolconnlimit: number;
            valid_until: string | null;
          }>(
            `SELECT rolname, rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolconnlimit, ${rfc3339Sql("rolvaliduntil")} AS valid_until
              FROM pg_catalog.pg_roles WHERE ($1::text IS NULL OR rolname LIKE $1) AND ($2 OR rolname NOT LIKE 'pg\\_%')
              ORDER BY rolname`,
            [config.like_pattern, config.include_system_roles === true],
          )
        ).rows,
      signal,
    );
    return {
      ...config,
      roles: rows.map((r) => ({
        name: r.rolname,
        login: r.rolcanlogin,
        superuser: r.rolsuper,
        create_database: r.rolcreatedb,
        create_role: r.rolcreaterole,
        connection_limit: r.rolconnlimit,
        valid_until: r.valid_until,
      })),
    };
  },
});
