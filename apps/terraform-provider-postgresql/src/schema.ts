// postgresql_schema: a schema inside a database, as cyrilgdn/terraform-provider-postgresql has
// it. Import ID: `<database>.<schema>`, or the schema's name alone for the provider's database.
import { attr, defineResource, type State, useStateForUnknown } from "@tsvider/framework";
import type pg from "pg";
import { known, nameValidators, postgresOf } from "./names.js";
import { ident } from "./sql.js";

const schema = {
  name: attr.string({
    required: true,
    description: "The schema's name. Changing it renames the schema in place (ALTER SCHEMA ... RENAME TO).",
    validators: nameValidators,
  }),
  database: attr.string({
    optional: true,
    computed: true,
    requiresReplace: true,
    description: "The database the schema is in; the provider's `database` when unset.",
    planModifiers: [useStateForUnknown()],
  }),
  owner: attr.string({
    optional: true,
    computed: true,
    description: "The role that owns the schema; the provider's role when unset.",
    planModifiers: [useStateForUnknown()],
  }),
  if_not_exists: attr.bool({
    optional: true,
    computed: true,
    default: true,
    description:
      "When true, creating a schema that already exists takes it over (CREATE SCHEMA IF NOT EXISTS) instead of failing.",
  }),
  drop_cascade: attr.bool({
    optional: true,
    computed: true,
    default: false,
    description:
      "When true, destroying the schema drops every object in it too (DROP SCHEMA ... CASCADE); when false a schema that still holds objects is not dropped.",
  }),
};

type SchemaState = State<typeof schema>;

async function readSchema(
  client: pg.Client,
  name: string,
): Promise<{ nspname: string; owner: string } | undefined> {
  const { rows } = await client.query<{ nspname: string; owner: string }>(
    "SELECT nspname, pg_catalog.pg_get_userbyid(nspowner) AS owner FROM pg_catalog.pg_namespace WHERE nspname = $1",
    [name],
  );
  return rows[0];
}

function toState(row: { nspname: string; owner: string }, database: string, prior: SchemaState): SchemaState {
  return {
    name: row.nspname,
    database,
    owner: row.owner,
    // Neither is on the server; an imported schema takes the defaults.
    if_not_exists: prior.if_not_exists ?? true,
    drop_cascade: prior.drop_cascade ?? false,
  };
}

export const schemaResource = defineResource({
  typeName: "postgresql_schema",
  description:
    "A schema in a database. Import it as `<database>.<schema>`: `tofu import postgresql_schema.app app_db.app`.",
  schema,
  async create({ plan, providerData, signal }) {
    const pg = postgresOf(providerData);
    const database = known(plan.database) ?? pg.settings.database;
    const owner = known(plan.owner);
    const p = plan as SchemaState;
    return pg.transaction(
      database,
      async (client) => {
        const authorization = owner === null ? "" : ` AUTHORIZATION ${ident(owner)}`;
        await client.query(
          `CREATE SCHEMA${p.if_not_exists === false ? "" : " IF NOT EXISTS"} ${ident(p.name)}${authorization}`,
        );
        // IF NOT EXISTS takes over a schema that was there, whose owner may be another.
        if (owner !== null) await client.query(`ALTER SCHEMA ${ident(p.name)} OWNER TO ${ident(owner)}`);
        const row = await readSchema(client, p.name);
        if (row === undefined) throw new Error(`schema "${p.name}" was created but cannot be read back`);
        return toState(row, database, p);
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
        const row = await readSchema(client, state.name);
        return row === undefined ? null : toState(row, database, state);
      },
      signal,
    );
  },
  async update({ plan, state, providerData, signal }) {
    const pg = postgresOf(providerData);
    const database = state.database ?? pg.settings.database;
    const owner = known(plan.owner);
    const p = plan as SchemaState;
    return pg.transaction(
      database,
      async (client) => {
        if (p.name !== state.name)
          await client.query(`ALTER SCHEMA ${ident(state.name)} RENAME TO ${ident(p.name)}`);
        if (owner !== null && owner !== state.owner) {
          await client.query(`ALTER SCHEMA ${ident(p.name)} OWNER TO ${ident(owner)}`);
        }
        const row = await readSchema(client, p.name);
        if (row === undefined) throw new Error(`schema "${p.name}" was altered but cannot be read back`);
        return toState(row, database, p);
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
        client.query(
          `DROP SCHEMA ${ident(state.name)}${state.drop_cascade === true ? " CASCADE" : " RESTRICT"}`,
        ),
      signal,
    );
  },
  async importState({ id }) {
    // A schema's name may itself hold a dot; the database's name is up to the first one.
    const dot = id.indexOf(".");
    return dot === -1 ? { name: id } : { database: id.slice(0, dot), name: id.slice(dot + 1) };
  },
});
