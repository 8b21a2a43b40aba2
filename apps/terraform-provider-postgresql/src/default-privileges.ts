// postgresql_default_privileges: the privileges a role gets on objects another role (`owner`)
// creates from now on (ALTER DEFAULT PRIVILEGES), in one schema or in the whole database, as
// cyrilgdn/terraform-provider-postgresql has it. Like postgresql_grant it owns the whole set.
import { attr, defineResource, isUnknown, type State, t, validate } from "@tsvider/framework";
import type pg from "pg";
import { grantee, PRIVILEGES, privilegesFor } from "./grant.js";
import { nameValidators, postgresOf } from "./names.js";
import { ident } from "./sql.js";

const OBJECT_TYPES = ["table", "sequence", "function", "type", "schema"] as const;
type ObjectType = (typeof OBJECT_TYPES)[number];

const ALLOWED: Readonly<Record<ObjectType, readonly string[]>> = {
  table: PRIVILEGES.table,
  sequence: PRIVILEGES.sequence,
  function: PRIVILEGES.function,
  type: ["USAGE"],
  schema: PRIVILEGES.schema,
};

/** pg_default_acl.defaclobjtype, and the plural ALTER DEFAULT PRIVILEGES writes. */
const KINDS: Readonly<Record<ObjectType, { readonly letter: string; readonly plural: string }>> = {
  table: { letter: "r", plural: "TABLES" },
  sequence: { letter: "S", plural: "SEQUENCES" },
  function: { letter: "f", plural: "FUNCTIONS" },
  type: { letter: "T", plural: "TYPES" },
  schema: { letter: "n", plural: "SCHEMAS" },
};

const schema = {
  role: attr.string({
    required: true,
    requiresReplace: true,
    description: "The role the privileges are granted to; `public` for every role.",
    validators: nameValidators,
  }),
  database: attr.string({
    required: true,
    requiresReplace: true,
    description: "The database the default privileges apply in.",
    validators: nameValidators,
  }),
  owner: attr.string({
    required: true,
    requiresReplace: true,
    description: "The role whose new objects get the privileges (FOR ROLE).",
    validators: nameValidators,
  }),
  schema: attr.string({
    optional: true,
    requiresReplace: true,
    description:
      'The schema whose new objects get the privileges; every schema of the database when unset. Not for `object_type = "schema"`.',
    validators: nameValidators,
  }),
  object_type: attr.string({
    required: true,
    requiresReplace: true,
    description: "The kind of new object: `table`, `sequence`, `function`, `type` or `schema`.",
    validators: [validate.oneOf(OBJECT_TYPES)],
  }),
  privileges: attr.set(t.string, {
    required: true,
    description:
      "The privileges, in upper case, as `postgresql_grant` takes them for the same object type (`USAGE` for types). An empty set revokes them all.",
    validators: [privilegesFor(ALLOWED)],
  }),
  with_grant_option: attr.bool({
    optional: true,
    computed: true,
    default: false,
    description: "Whether the role may grant these privileges to others (WITH GRANT OPTION).",
  }),
};

type DefaultsState = State<typeof schema>;

function clause(d: DefaultsState): string {
  return `ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(d.owner)}${d.schema === null ? "" : ` IN SCHEMA ${ident(d.schema)}`}`;
}

/** The default privileges `role` gets, or undefined when the role or the owner is gone. */
async function readDefaults(
  client: pg.Client,
  d: DefaultsState,
): Promise<{ privileges: string[]; grantable: boolean | null } | undefined> {
  const { rows: roles } = await client.query<{ rolname: string; oid: number }>(
    "SELECT rolname, oid FROM pg_catalog.pg_roles WHERE rolname = ANY($1)",
    [[d.owner, d.role]],
  );
  const owner = roles.find((r) => r.rolname === d.owner)?.oid;
  const role = d.role === "public" ? 0 : roles.find((r) => r.rolname === d.role)?.oid;
  if (owner === undefined || role === undefined) return undefined;
  const { rows } = await client.query<{ privilege_type: string; is_grantable: boolean }>(
    `SELECT a.privilege_type, a.is_grantable FROM pg_catalog.pg_default_acl d, pg_catalog.aclexplode(d.defaclacl) a
      WHERE d.defaclrole = $1 AND d.defaclobjtype = $2 AND a.grantee = $3
        AND d.defaclnamespace = COALESCE((SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = $4), 0)`,
    [owner, KINDS[d.object_type as ObjectType].letter, role, d.schema ?? ""],
  );
  const privileges = rows.map((r) => r.privilege_type).sort();
  return { privileges, grantable: rows.length === 0 ? null : rows.every((r) => r.is_grantable) };
}

async function write(providerData: unknown, d: DefaultsState, signal: AbortSignal): Promise<DefaultsState> {
  return postgresOf(providerData).transaction(
    d.database,
    async (client) => {
      const on = KINDS[d.object_type as ObjectType].plural;
      await client.query(`${clause(d)} REVOKE ALL ON ${on} FROM ${grantee(d.role)}`);
      const privileges = [...d.privileges].sort();
      if (privileges.length > 0) {
        await client.query(
          `${clause(d)} GRANT ${privileges.join(", ")} ON ${on} TO ${grantee(d.role)}${d.with_grant_option === true ? " WITH GRANT OPTION" : ""}`,
        );
      }
      return d;
    },
    signal,
  );
}

export const defaultPrivileges = defineResource({
  typeName: "postgresql_default_privileges",
  description:
    "The privileges a role gets on the objects another role creates from now on (ALTER DEFAULT PRIVILEGES). Objects that exist already are `postgresql_grant`'s.",
  schema,
  validateConfig({ config, diagnostics }) {
    if (!isUnknown(config.object_type) && config.object_type === "schema" && config.schema !== null) {
      diagnostics.addError(
        "schema is not used for default privileges on schemas",
        "Default privileges on new schemas apply to the whole database. Remove schema.",
        [{ attribute: "schema" }],
      );
    }
  },
  async create({ plan, providerData, signal }) {
    return write(providerData, plan as DefaultsState, signal);
  },
  async update({ plan, providerData, signal }) {
    return write(providerData, plan as DefaultsState, signal);
  },
  async read({ state, providerData, signal }) {
    const pg = postgresOf(providerData);
    if (!(await pg.databaseExists(state.database, signal))) return null;
    return pg.withClient(
      state.database,
      async (client) => {
        const held = await readDefaults(client, state);
        if (held === undefined) return null;
        return {
          ...state,
          privileges: held.privileges,
          with_grant_option: held.grantable ?? state.with_grant_option,
        };
      },
      signal,
    );
  },
  async delete({ state, providerData, signal }) {
    const pg = postgresOf(providerData);
    if (!(await pg.databaseExists(state.database, signal))) return;
    await pg.withClient(
      state.database,
      async (client) => {
        if ((await readDefaults(client, state)) === undefined) return;
        await client.query(
          `${clause(state)} REVOKE ALL ON ${KINDS[state.object_type as ObjectType].plural} FROM ${grantee(state.role)}`,
        );
      },
      signal,
    );
  },
});
