// postgresql_schemas: the schemas of a database, optionally those whose name matches a LIKE
// pattern, as cyrilgdn/terraform-provider-postgresql's data source of the same name lists them.
import { attr, DataSourceError, defineDataSource, t } from "@tsvider/framework";
import { postgresOf } from "./names.js";

export const schemas = defineDataSource({
  typeName: "postgresql_schemas",
  description:
    "The schemas of a database, in name order; PostgreSQL's own (`pg_catalog`, `information_schema`, `pg_toast`, ...) are left out unless asked for.",
  schema: {
    database: attr.string({
      optional: true,
      computed: true,
      description: "The database whose schemas to list; the provider's `database` when unset.",
    }),
    like_pattern: attr.string({
      optional: true,
      description: "A LIKE pattern the names must match (`app_%`); every schema when unset.",
    }),
    include_system_schemas: attr.bool({
      optional: true,
      description: "Whether to list PostgreSQL's own schemas too. Default false.",
    }),
    schemas: attr.list(t.string, { computed: true, description: "The schemas' names." }),
  },
  async read({ config, providerData, signal }) {
    const pg = postgresOf(providerData);
    const database = config.database ?? pg.settings.database;
    if (!(await pg.databaseExists(database, signal))) {
      throw new DataSourceError(`The database "${database}" does not exist`, {
        detail:
          "Check database; a database this configuration creates must be referenced (postgresql_database.<name>.name) so that it exists first.",
        path: [{ attribute: "database" }],
      });
    }
    const names = await pg.withClient(
      database,
      async (client) =>
        (
          await client.query<{ nspname: string }>(
            `SELECT nspname FROM pg_catalog.pg_namespace
              WHERE ($1::text IS NULL OR nspname LIKE $1)
                AND ($2 OR (nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'))
              ORDER BY nspname`,
            [config.like_pattern, config.include_system_schemas === true],
          )
        ).rows.map((r) => r.nspname),
      signal,
    );
    return { ...config, database, schemas: names };
  },
});
