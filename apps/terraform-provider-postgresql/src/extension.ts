// postgresql_extension: an extension installed in a database (CREATE EXTENSION), as
// cyrilgdn/terraform-provider-postgresql has it. Its version and schema change in place (ALTER
// EXTENSION ... UPDATE TO, SET SCHEMA). Import ID: `<database>.<extension>`, or the extension's
// name alone for the provider's database.
import { attr, defineResource, type State, useStateForUnknown } from "@tsvider/framework";
import type pg from "pg";
import { known, nameValidators, postgresOf } from "./names.js";
import { ident, literal } from "./sql.js";

const schema = {
  name: attr.string({
    required: true,
    requiresReplace: true,
    description: "The extension's name, as `pg_available_extensions` lists it (`hstore`, `pgcrypto`, ...).",
    validators: nameValidators,
  }),
  database: attr.string({
    optional: true,
    computed: true,
    requiresReplace: true,
    description: "The database to install it in; the provider's `database` when unset.",
    planModifiers: [useStateForUnknown()],
  }),
  schema: attr.string({
    optional: true,
    computed: true,
    description:
      "The schema for its objects; the first of the search path (`public`) when unset. Changed in place (SET SCHEMA).",
    planModifiers: [useStateForUnknown()],
  }),
  version: attr.string({
    optional: true,
    computed: true,
    description: "The version to install; the default one when unset. Changed in place (UPDATE TO).",
    planModifiers: [useStateForUnknown()],
  }),
  drop_cascade: attr.bool({
    optional: true,
    computed: true,
    default: false,
    description:
      "When true, destroying the extension drops the objects that depend on it too (DROP EXTENSION ... CASCADE).",
  }),
};

type ExtensionState = State<typeof schema>;

async function readExtension(
  client: pg.Client,
  name: string,
): Promise<{ schema: string; version: string } | undefined> {
  const { rows } = await client.query<{ schema: string; version: string }>(
    `SELECT n.nspname AS schema, e.extversion AS version
      FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1`,
    [name],
  );
  return rows[0];
}

export const extension = defineResource({
  typeName: "postgresql_extension",
  description:
    "An extension installed in a database. Import it as `<database>.<extension>`: `tofu import postgresql_extension.hstore app_db.hstore`.",
  schema,
  async create({ plan, providerData, signal }) {
    const pg = postgresOf(providerData);
    const database = known(plan.database) ?? pg.settings.database;
    const schemaName = known(plan.schema);
    const version = known(plan.version);
    return pg.withClient(
      database,
      async (client) => {
        await client.query(
          `CREATE EXTENSION ${ident(plan.name)}${schemaName === null ? "" : ` SCHEMA ${ident(schemaName)}`}${version === null ? "" : ` VERSION ${literal(version)}`}`,
        );
        const row = await readExtension(client, plan.name);
        if (row === undefined)
          throw new Error(`extension "${plan.name}" was created but cannot be read back`);
        return { name: plan.name, database, ...row, drop_cascade: plan.drop_cascade === true };
      },
      signal,
    );
  },
  async read({ state, providerData, signal }) {
    const pg = postgresOf(providerData);
    const database = state.database ?? pg.settings.database;
    if (!(await pg.databaseExists(database, signal))) return null;
    return pg.withClient(
      database,
      async (client) => {
        const row = await readExtension(client, state.name);
        return row === undefined
          ? null
          : { name: state.name, database, ...row, drop_cascade: state.drop_cascade ?? false };
      },
      signal,
    );
  },
  async update({ plan, state, providerData, signal }) {
    const pg = postgresOf(providerData);
    const p = plan as ExtensionState;
    const schemaName = known(plan.schema);
    const version = known(plan.version);
    return pg.transaction(
      state.database,
      async (client) => {
        if (version !== null && version !== state.version) {
          await client.query(`ALTER EXTENSION ${ident(p.name)} UPDATE TO ${literal(version)}`);
        }
        if (schemaName !== null && schemaName !== state.schema) {
          await client.query(`ALTER EXTENSION ${ident(p.name)} SET SCHEMA ${ident(schemaName)}`);
        }
        const row = await readExtension(client, p.name);
        if (row === undefined) throw new Error(`extension "${p.name}" was altered but cannot be read back`);
        return { name: p.name, database: state.database, ...row, drop_cascade: p.drop_cascade === true };
      },
      signal,
    );
  },
  async delete({ state, providerData, signal }) {
    const pg = postgresOf(providerData);
    if (state.database !== null && !(await pg.databaseExists(state.database, signal))) return;
    await pg.withClient(
      state.database,
      (client) =>
        client.query(`DROP EXTENSION ${ident(state.name)}${state.drop_cascade === true ? " CASCADE" : ""}`),
      signal,
    );
  },
  async importState({ id }) {
    const dot = id.indexOf(".");
    return dot === -1 ? { name: id } : { database: id.slice(0, dot), name: id.slice(dot + 1) };
  },
});
