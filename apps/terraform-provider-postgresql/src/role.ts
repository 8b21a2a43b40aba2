// postgresql_role: a role (a user, when it may log in), as cyrilgdn/terraform-provider-postgresql
// has it. The password is write-only (`password_wo`, with `password_wo_version` saying when to
// set it again), so it reaches neither plan nor state; `password` is the older, stored form.
import { attr, defineResource, type State, types, validate } from "@tsvider/framework";
import type pg from "pg";
import { nameValidators, postgresOf } from "./names.js";
import { ident, literal } from "./sql.js";
import { rfc3339Sql } from "./timestamps.js";

const flag = (description: string, byDefault: boolean) =>
  attr.bool({ optional: true, computed: true, default: byDefault, description });

const schema = {
  name: attr.string({
    required: true,
    description: "The role's name. Changing it renames the role in place (ALTER ROLE ... RENAME TO).",
    validators: nameValidators,
  }),
  login: flag(
    "Whether the role may log in (LOGIN): a role that may is what other systems call a user.",
    false,
  ),
  superuser: flag(
    "Whether the role is a superuser, which bypasses every permission check (SUPERUSER).",
    false,
  ),
  create_database: flag("Whether the role may create databases (CREATEDB).", false),
  create_role: flag("Whether the role may create, alter and drop other roles (CREATEROLE).", false),
  inherit: flag("Whether the role uses the privileges of the roles it is a member of (INHERIT).", true),
  replication: flag("Whether the role may start streaming replication (REPLICATION).", false),
  bypass_row_level_security: flag(
    "Whether the role bypasses every row-level security policy (BYPASSRLS).",
    false,
  ),
  connection_limit: attr.int64({
    optional: true,
    computed: true,
    default: -1,
    description: "How many connections the role may hold at once; -1 for no limit.",
    validators: [validate.atLeast(-1)],
  }),
  valid_until: attr.custom(types.rfc3339, {
    optional: true,
    // The documentation adds the timestamp's form and its equality from types.rfc3339.
    description: "When the role's password stops being valid; unset for never.",
  }),
  password_wo: attr.string({
    optional: true,
    writeOnly: true,
    sensitive: true,
    description:
      "The role's password, write-only: sent to PostgreSQL, never stored in plan or state. It is set when the role is created and whenever `password_wo_version` changes.",
    validators: [validate.conflictsWith("password")],
  }),
  password_wo_version: attr.int64({
    optional: true,
    description:
      "Change this number to set `password_wo` again: the write-only password itself is never compared.",
    validators: [validate.alsoRequires("password_wo")],
  }),
  password: attr.string({
    optional: true,
    sensitive: true,
    description:
      "The role's password, kept in state (sensitive). Prefer `password_wo`, which keeps it out of state. PostgreSQL does not give passwords back, so one changed outside Terraform is not seen.",
  }),
};

type RoleState = State<typeof schema>;

const SELECT_ROLE = `SELECT rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication,
  rolbypassrls, rolconnlimit, ${rfc3339Sql("rolvaliduntil")} AS valid_until
  FROM pg_catalog.pg_roles WHERE rolname = $1`;

interface RoleRow {
  rolname: string;
  rolsuper: boolean;
  rolinherit: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolcanlogin: boolean;
  rolreplication: boolean;
  rolbypassrls: boolean;
  rolconnlimit: number;
  valid_until: string | null;
}

/**
 * The role's attributes as CREATE ROLE and ALTER ROLE take them. Every flag has a default, so
 * none is unknown in a plan; handlers pass the plan as it is.
 */
function roleOptions(plan: {
  login: boolean | null;
  superuser: boolean | null;
  create_database: boolean | null;
  create_role: boolean | null;
  inherit: boolean | null;
  replication: boolean | null;
  bypass_row_level_security: boolean | null;
  connection_limit: number | bigint | null;
  valid_until: string | null;
}): string {
  const yes = (value: boolean | null, word: string) => (value === true ? word : `NO${word}`);
  return [
    yes(plan.login, "LOGIN"),
    yes(plan.superuser, "SUPERUSER"),
    yes(plan.create_database, "CREATEDB"),
    yes(plan.create_role, "CREATEROLE"),
    yes(plan.inherit ?? true, "INHERIT"),
    yes(plan.replication, "REPLICATION"),
    yes(plan.bypass_row_level_security, "BYPASSRLS"),
    `CONNECTION LIMIT ${BigInt(plan.connection_limit ?? -1)}`,
    `VALID UNTIL ${literal(plan.valid_until ?? "infinity")}`,
  ].join(" ");
}

async function readRole(client: pg.Client, name: string): Promise<RoleRow | undefined> {
  const { rows } = await client.query<RoleRow>(SELECT_ROLE, [name]);
  return rows[0];
}

function toState(
  row: RoleRow,
  prior: Pick<RoleState, "valid_until" | "password" | "password_wo_version">,
): RoleState {
  return {
    name: row.rolname,
    login: row.rolcanlogin,
    superuser: row.rolsuper,
    create_database: row.rolcreatedb,
    create_role: row.rolcreaterole,
    inherit: row.rolinherit,
    replication: row.rolreplication,
    bypass_row_level_security: row.rolbypassrls,
    connection_limit: row.rolconnlimit,
    // PostgreSQL's instant in UTC: types.rfc3339 keeps the configured spelling of the same instant.
    valid_until: row.valid_until,
    password_wo: null,
    // Neither can be read back: PostgreSQL keeps only a hash of the password.
    password_wo_version: prior.password_wo_version,
    password: prior.password,
  };
}

export const role = defineResource({
  typeName: "postgresql_role",
  description:
    "A PostgreSQL role: a user when `login` is true, a group of privileges otherwise. Import it by name: `tofu import postgresql_role.app app`.",
  schema,
  async create({ plan, config, providerData, signal }) {
    const password = config.password_wo ?? config.password;
    return postgresOf(providerData).withClient(
      null,
      async (client) => {
        await client.query(
          `CREATE ROLE ${ident(plan.name)} WITH ${roleOptions(plan as RoleState)}${password === null ? "" : ` PASSWORD ${literal(password)}`}`,
        );
        const row = await readRole(client, plan.name);
        if (row === undefined) throw new Error(`role "${plan.name}" was created but cannot be read back`);
        return toState(row, plan as RoleState);
      },
      signal,
    );
  },
  async read({ state, providerData, signal }) {
    return postgresOf(providerData).withClient(
      null,
      async (client) => {
        const row = await readRole(client, state.name);
        return row === undefined ? null : toState(row, state);
      },
      signal,
    );
  },
  async update({ plan, state, config, providerData, signal }) {
    const passwordChanged =
      plan.password_wo_version !== state.password_wo_version || plan.password !== state.password;
    return postgresOf(providerData).transaction(
      null,
      async (client) => {
        if (plan.name !== state.name) {
          await client.query(`ALTER ROLE ${ident(state.name)} RENAME TO ${ident(plan.name)}`);
        }
        const password = config.password_wo ?? config.password;
        const setPassword = passwordChanged
          ? ` PASSWORD ${password === null ? "NULL" : literal(password)}`
          : "";
        await client.query(
          `ALTER ROLE ${ident(plan.name)} WITH ${roleOptions(plan as RoleState)}${setPassword}`,
        );
        const row = await readRole(client, plan.name);
        if (row === undefined) throw new Error(`role "${plan.name}" was altered but cannot be read back`);
        return toState(row, plan as RoleState);
      },
      signal,
    );
  },
  async delete({ state, providerData, signal }) {
    await postgresOf(providerData).withClient(
      null,
      (client) => client.query(`DROP ROLE ${ident(state.name)}`),
      signal,
    );
  },
  async importState({ id }) {
    return { name: id };
  },
});
