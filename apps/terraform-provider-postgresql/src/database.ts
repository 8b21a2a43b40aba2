// postgresql_database: a database, as cyrilgdn/terraform-provider-postgresql has it, and its
// per-database settings (ALTER DATABASE ... SET), changed in place. The template, encoding and
// locales are fixed when the database is created, so changing them replaces it.
import {
  attr,
  customType,
  defineResource,
  requiresReplace,
  type State,
  t,
  useStateForUnknown,
  validate,
} from "@tsvider/framework";
import type pg from "pg";
import { known, nameValidators, postgresOf } from "./names.js";
import { ident, literal, qualified } from "./sql.js";

/** A setting's name as pg_db_role_setting stores it: lower case, dotted for extensions' own. */
const SETTING_NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/;

/**
 * An encoding's name: `UTF8`, `utf8`, `UTF-8` and `utf_8` name one encoding to PostgreSQL, which
 * answers `UTF8`; the configured spelling is kept, and changing only the spelling replaces
 * nothing.
 */
const encodingName = customType({
  base: t.string,
  name: "encoding name",
  equal: (a, b) => a.toUpperCase().replace(/[-_]/g, "") === b.toUpperCase().replace(/[-_]/g, ""),
});

const schema = {
  name: attr.string({
    required: true,
    description:
      "The database's name. Changing it renames the database in place (ALTER DATABASE ... RENAME TO).",
    validators: nameValidators,
  }),
  owner: attr.string({
    optional: true,
    computed: true,
    description: "The role that owns the database; the provider's role when unset.",
    planModifiers: [useStateForUnknown()],
  }),
  template: attr.string({
    optional: true,
    computed: true,
    description:
      "The database to copy: `template0` when unset, which allows any encoding and locale. PostgreSQL does not remember it, so an imported database has none.",
    planModifiers: [useStateForUnknown(), requiresReplace()],
  }),
  encoding: attr.custom(encodingName, {
    optional: true,
    computed: true,
    description:
      "The character set (`UTF8`, `LATIN1`, ...); the template's when unset. Spellings PostgreSQL takes as the same (`utf8`, `UTF-8`) plan no change.",
    planModifiers: [useStateForUnknown(), requiresReplace()],
  }),
  lc_collate: attr.string({
    optional: true,
    computed: true,
    description: "The collation order (LC_COLLATE), such as `C` or `en_US.UTF-8`; the template's when unset.",
    planModifiers: [useStateForUnknown(), requiresReplace()],
  }),
  lc_ctype: attr.string({
    optional: true,
    computed: true,
    description: "The character classification (LC_CTYPE); the template's when unset.",
    planModifiers: [useStateForUnknown(), requiresReplace()],
  }),
  connection_limit: attr.int64({
    optional: true,
    computed: true,
    default: -1,
    description: "How many connections the database accepts at once; -1 for no limit.",
    validators: [validate.atLeast(-1)],
  }),
  allow_connections: attr.bool({
    optional: true,
    computed: true,
    default: true,
    description: "Whether anyone may connect to the database (ALLOW_CONNECTIONS).",
  }),
  is_template: attr.bool({
    optional: true,
    computed: true,
    default: false,
    description: "Whether any role with CREATEDB may use the database as a template (IS_TEMPLATE).",
  }),
  settings: attr.map(t.string, {
    optional: true,
    description:
      'Configuration parameters set for every session in the database (ALTER DATABASE ... SET), such as `{ work_mem = "64MB" }`; names in lower case. Changed in place; a name left out is reset.',
    validators: [
      validate.keys(
        validate.regex(
          SETTING_NAME,
          "must be a configuration parameter's name in lower case, such as work_mem or app.region",
        ),
      ),
    ],
  }),
};

type DatabaseState = State<typeof schema>;

interface DatabaseRow {
  datname: string;
  owner: string;
  encoding: string;
  datcollate: string;
  datctype: string;
  datconnlimit: number;
  datallowconn: boolean;
  datistemplate: boolean;
  settings: string[] | null;
}

const SELECT_DATABASE = `SELECT d.datname, pg_catalog.pg_get_userbyid(d.datdba) AS owner,
  pg_catalog.pg_encoding_to_char(d.encoding) AS encoding, d.datcollate, d.datctype, d.datconnlimit,
  d.datallowconn, d.datistemplate,
  (SELECT s.setconfig FROM pg_catalog.pg_db_role_setting s WHERE s.setdatabase = d.oid AND s.setrole = 0) AS settings
  FROM pg_catalog.pg_database d WHERE d.datname = $1`;

async function readDatabase(client: pg.Client, name: string): Promise<DatabaseRow | undefined> {
  return (await client.query<DatabaseRow>(SELECT_DATABASE, [name])).rows[0];
}

function parseSettings(setconfig: readonly string[] | null): Record<string, string> | null {
  if (setconfig === null || setconfig.length === 0) return null;
  const settings: Record<string, string> = {};
  for (const entry of setconfig) {
    const eq = entry.indexOf("=");
    settings[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return settings;
}

function toState(row: DatabaseRow, prior: Pick<DatabaseState, "template" | "settings">): DatabaseState {
  const settings = parseSettings(row.settings);
  return {
    name: row.datname,
    owner: row.owner,
    // PostgreSQL keeps no record of the template a database was copied from.
    template: prior.template,
    // PostgreSQL's spelling (UTF8); encodingName keeps the configured one (utf-8) when equal.
    encoding: row.encoding,
    lc_collate: row.datcollate,
    lc_ctype: row.datctype,
    connection_limit: row.datconnlimit,
    allow_connections: row.datallowconn,
    is_template: row.datistemplate,
    // An empty map in config and no settings on the server are the same thing.
    settings:
      settings === null && prior.settings !== null && Object.keys(prior.settings).length === 0
        ? {}
        : settings,
  };
}

/** The SET and RESET statements that turn `from` into `to`. */
function settingStatements(
  name: string,
  from: Record<string, string> | null,
  to: Record<string, string> | null,
) {
  const statements: string[] = [];
  for (const key of Object.keys(from ?? {})) {
    if (to?.[key] === undefined)
      statements.push(`ALTER DATABASE ${ident(name)} RESET ${qualified(...key.split("."))}`);
  }
  for (const [key, value] of Object.entries(to ?? {})) {
    if (from?.[key] !== value) {
      statements.push(
        `ALTER DATABASE ${ident(name)} SET ${qualified(...key.split("."))} = ${literal(value)}`,
      );
    }
  }
  return statements;
}

function alterOptions(plan: DatabaseState): string {
  return `CONNECTION LIMIT ${BigInt(plan.connection_limit ?? -1)} ALLOW_CONNECTIONS ${plan.allow_connections !== false} IS_TEMPLATE ${plan.is_template === true}`;
}

export const database = defineResource({
  typeName: "postgresql_database",
  description:
    "A PostgreSQL database. Import it by name: `tofu import postgresql_database.app app`. Destroying it drops it with every object in it.",
  schema,
  async create({ plan, providerData, signal }) {
    const p = plan as DatabaseState;
    const template = known(plan.template) ?? "template0";
    const owner = known(plan.owner);
    const encoding = known(plan.encoding);
    const lcCollate = known(plan.lc_collate);
    const lcCtype = known(plan.lc_ctype);
    const options = [
      `TEMPLATE ${ident(template)}`,
      ...(owner === null ? [] : [`OWNER ${ident(owner)}`]),
      ...(encoding === null ? [] : [`ENCODING ${literal(encoding)}`]),
      ...(lcCollate === null ? [] : [`LC_COLLATE ${literal(lcCollate)}`]),
      ...(lcCtype === null ? [] : [`LC_CTYPE ${literal(lcCtype)}`]),
      alterOptions(p),
    ];
    return postgresOf(providerData).withClient(
      null,
      async (client) => {
        // CREATE DATABASE cannot run inside a transaction: when a setting fails, the database
        // is dropped again, so a failed create leaves nothing behind.
        await client.query(`CREATE DATABASE ${ident(p.name)} WITH ${options.join(" ")}`);
        try {
          for (const statement of settingStatements(p.name, null, p.settings)) await client.query(statement);
        } catch (error) {
          await client.query(`DROP DATABASE ${ident(p.name)}`).catch(() => {});
          throw error;
        }
        const row = await readDatabase(client, p.name);
        if (row === undefined) throw new Error(`database "${p.name}" was created but cannot be read back`);
        return toState(row, { template, settings: p.settings });
      },
      signal,
    );
  },
  async read({ state, providerData, signal }) {
    return postgresOf(providerData).withClient(
      null,
      async (client) => {
        const row = await readDatabase(client, state.name);
        return row === undefined ? null : toState(row, state);
      },
      signal,
    );
  },
  async update({ plan, state, providerData, signal }) {
    const p = plan as DatabaseState;
    const owner = known(plan.owner);
    return postgresOf(providerData).transaction(
      null,
      async (client) => {
        if (p.name !== state.name)
          await client.query(`ALTER DATABASE ${ident(state.name)} RENAME TO ${ident(p.name)}`);
        if (owner !== null && owner !== state.owner) {
          await client.query(`ALTER DATABASE ${ident(p.name)} OWNER TO ${ident(owner)}`);
        }
        await client.query(`ALTER DATABASE ${ident(p.name)} WITH ${alterOptions(p)}`);
        for (const statement of settingStatements(p.name, state.settings, p.settings))
          await client.query(statement);
        const row = await readDatabase(client, p.name);
        if (row === undefined) throw new Error(`database "${p.name}" was altered but cannot be read back`);
        return toState(row, { template: state.template, settings: p.settings });
      },
      signal,
    );
  },
  async delete({ state, providerData, signal }) {
    await postgresOf(providerData).withClient(
      null,
      async (client) => {
        // A template database cannot be dropped: make it an ordinary one first.
        if (state.is_template === true)
          await client.query(`ALTER DATABASE ${ident(state.name)} IS_TEMPLATE false`);
        await client.query(`DROP DATABASE ${ident(state.name)}`);
      },
      signal,
    );
  },
  async importState({ id }) {
    return { name: id };
  },
});
