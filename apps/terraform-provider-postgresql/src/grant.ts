// postgresql_grant: the privileges one role holds on a database, a schema, or tables,
// sequences or functions in a schema, as cyrilgdn/terraform-provider-postgresql has it. The
// resource owns the whole set for that role and those objects: applying it revokes what is not
// listed. Privileges are a set, so their order in configuration means nothing.
import { attr, defineResource, isUnknown, type State, t, validate } from "@tsvider/framework";
import type pg from "pg";
import { nameValidators, postgresOf } from "./names.js";
import { ident, qualified } from "./sql.js";

export const OBJECT_TYPES = ["database", "schema", "table", "sequence", "function"] as const;
type ObjectType = (typeof OBJECT_TYPES)[number];

/** What GRANT accepts for each object type (PostgreSQL 15's; TEMP is written TEMPORARY). */
export const PRIVILEGES: Readonly<Record<ObjectType, readonly string[]>> = {
  database: ["CONNECT", "CREATE", "TEMPORARY"],
  schema: ["CREATE", "USAGE"],
  table: ["DELETE", "INSERT", "REFERENCES", "SELECT", "TRIGGER", "TRUNCATE", "UPDATE"],
  sequence: ["SELECT", "UPDATE", "USAGE"],
  function: ["EXECUTE"],
};

/**
 * Checks each privilege of the set against what `allowed` says the sibling `object_type` takes.
 * An object type it does not know is left to object_type's own validator.
 */
export function privilegesFor(allowed: Readonly<Record<string, readonly string[]>>) {
  return validate.each((privilege: string, ctx) => {
    const type = (ctx.parent as { readonly object_type?: unknown }).object_type;
    if (typeof type !== "string" || !Object.hasOwn(allowed, type)) return undefined;
    const onType = allowed[type]!;
    return onType.includes(privilege)
      ? undefined
      : `"${privilege}" is not a privilege on a ${type}; use ${onType.join(", ")} (in upper case)`;
  });
}

/** PUBLIC, PostgreSQL's pseudo-role, is a keyword, not a name to quote. */
export function grantee(role: string): string {
  return role === "public" ? "PUBLIC" : ident(role);
}

/** The relkinds each object type covers: ON ALL TABLES takes views and their like too. */
const RELKINDS: Partial<Record<ObjectType, readonly string[]>> = {
  table: ["r", "v", "m", "f", "p"],
  sequence: ["S"],
};

const schema = {
  database: attr.string({
    required: true,
    requiresReplace: true,
    description: 'The database the objects are in (for `object_type = "database"`, the database itself).',
    validators: nameValidators,
  }),
  role: attr.string({
    required: true,
    requiresReplace: true,
    description: "The role the privileges are granted to; `public` for every role (PUBLIC).",
    validators: nameValidators,
  }),
  schema: attr.string({
    optional: true,
    requiresReplace: true,
    description:
      'The schema: the object itself for `object_type = "schema"`, the one holding the objects for tables, sequences and functions. Not set for a database.',
    validators: nameValidators,
  }),
  object_type: attr.string({
    required: true,
    requiresReplace: true,
    description: "What the privileges are on: `database`, `schema`, `table`, `sequence` or `function`.",
    validators: [validate.oneOf(OBJECT_TYPES)],
  }),
  objects: attr.set(t.string, {
    optional: true,
    requiresReplace: true,
    description:
      "The tables, sequences or functions (by name) the privileges are on; every one in the schema when unset (ON ALL TABLES IN SCHEMA, which covers those that exist when it is applied; `postgresql_default_privileges` covers later ones). A function is named without its arguments, so an overloaded name is refused by PostgreSQL. Only for tables, sequences and functions.",
    validators: [validate.each(...nameValidators)],
  }),
  privileges: attr.set(t.string, {
    required: true,
    description:
      "The privileges, in upper case: for a database `CONNECT`, `CREATE`, `TEMPORARY`; for a schema `CREATE`, `USAGE`; for tables `SELECT`, `INSERT`, `UPDATE`, `DELETE`, `TRUNCATE`, `REFERENCES`, `TRIGGER`; for sequences `USAGE`, `SELECT`, `UPDATE`; for functions `EXECUTE`. An empty set revokes them all.",
    validators: [privilegesFor(PRIVILEGES)],
  }),
  with_grant_option: attr.bool({
    optional: true,
    computed: true,
    default: false,
    description: "Whether the role may grant these privileges to others (WITH GRANT OPTION).",
  }),
};

type GrantState = State<typeof schema>;

/** The ON clause of GRANT and REVOKE. */
function target(g: GrantState): string {
  const type = g.object_type as ObjectType;
  if (type === "database") return `DATABASE ${ident(g.database)}`;
  const schemaName = g.schema ?? "";
  if (type === "schema") return `SCHEMA ${ident(schemaName)}`;
  const word = { table: "TABLE", sequence: "SEQUENCE", function: "FUNCTION" }[type];
  if (g.objects === null || g.objects.length === 0) return `ALL ${word}S IN SCHEMA ${ident(schemaName)}`;
  return `${word} ${[...g.objects]
    .sort()
    .map((o) => qualified(schemaName, o))
    .join(", ")}`;
}

interface Held {
  /** Whether the objects the grant is about exist. */
  readonly exists: boolean;
  /** The privileges held on every one of them; null when there is none to hold them (no table yet). */
  readonly privileges: string[] | null;
  readonly grantable: boolean | null;
}

/**
 * The privileges `role` holds on the grant's objects, read from their ACLs (a NULL ACL is the
 * owner's default one, acldefault). For many objects, those held on all of them.
 */
async function readHeld(client: pg.Client, g: GrantState): Promise<Held> {
  const type = g.object_type as ObjectType;
  const roleOid =
    g.role === "public"
      ? 0
      : (
          await client.query<{ oid: number }>("SELECT oid FROM pg_catalog.pg_roles WHERE rolname = $1", [
            g.role,
          ])
        ).rows[0]?.oid;
  if (roleOid === undefined) return { exists: false, privileges: null, grantable: null };
  let sql: string;
  let params: unknown[];
  if (type === "database") {
    sql = `SELECT d.datname AS object, a.privilege_type, a.is_grantable
      FROM pg_catalog.pg_database d LEFT JOIN LATERAL pg_catalog.aclexplode(COALESCE(d.datacl, pg_catalog.acldefault('d', d.datdba))) a ON a.grantee = $2
      WHERE d.datname = $1`;
    params = [g.database, roleOid];
  } else if (type === "schema") {
    sql = `SELECT n.nspname AS object, a.privilege_type, a.is_grantable
      FROM pg_catalog.pg_namespace n LEFT JOIN LATERAL pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n', n.nspowner))) a ON a.grantee = $2
      WHERE n.nspname = $1`;
    params = [g.schema, roleOid];
  } else if (type === "function") {
    sql = `SELECT p.oid::regprocedure::text AS object, a.privilege_type, a.is_grantable
      FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
      LEFT JOIN LATERAL pg_catalog.aclexplode(COALESCE(p.proacl, pg_catalog.acldefault('f', p.proowner))) a ON a.grantee = $2
      WHERE n.nspname = $1 AND p.prokind = 'f' AND ($3::text[] IS NULL OR p.proname = ANY($3))`;
    params = [g.schema, roleOid, g.objects?.length ? g.objects : null];
  } else {
    sql = `SELECT c.relname AS object, a.privilege_type, a.is_grantable
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN LATERAL pg_catalog.aclexplode(COALESCE(c.relacl, pg_catalog.acldefault(${type === "sequence" ? "'s'" : "'r'"}, c.relowner))) a ON a.grantee = $2
      WHERE n.nspname = $1 AND c.relkind = ANY($4) AND ($3::text[] IS NULL OR c.relname = ANY($3))`;
    params = [g.schema, roleOid, g.objects?.length ? g.objects : null, RELKINDS[type]];
  }
  const { rows } = await client.query<{
    object: string;
    privilege_type: string | null;
    is_grantable: boolean | null;
  }>(sql, params);
  if ((type === "database" || type === "schema") && rows.length === 0) {
    return { exists: false, privileges: null, grantable: null };
  }
  const byObject = new Map<string, Map<string, boolean>>();
  for (const row of rows) {
    const held = byObject.get(row.object) ?? new Map<string, boolean>();
    if (row.privilege_type !== null) held.set(row.privilege_type, row.is_grantable === true);
    byObject.set(row.object, held);
  }
  if (byObject.size === 0) return { exists: true, privileges: null, grantable: null };
  const all = [...byObject.values()];
  const privileges = PRIVILEGES[type].filter((p) => all.every((held) => held.has(p)));
  const grantable =
    privileges.length === 0 ? null : all.every((held) => privileges.every((p) => held.get(p)));
  return { exists: true, privileges, grantable };
}

/** Revokes everything, then grants what the plan lists, in one transaction. */
async function apply(client: pg.Client, g: GrantState): Promise<void> {
  const on = target(g);
  await client.query(`REVOKE ALL PRIVILEGES ON ${on} FROM ${grantee(g.role)}`);
  const privileges = [...(g.privileges ?? [])].sort();
  if (privileges.length > 0) {
    await client.query(
      `GRANT ${privileges.join(", ")} ON ${on} TO ${grantee(g.role)}${g.with_grant_option === true ? " WITH GRANT OPTION" : ""}`,
    );
  }
}

async function write(providerData: unknown, g: GrantState, signal: AbortSignal): Promise<GrantState> {
  return postgresOf(providerData).transaction(
    g.database,
    async (client) => {
      await apply(client, g);
      const held = await readHeld(client, g);
      return {
        ...g,
        privileges: held.privileges ?? g.privileges,
        with_grant_option: held.grantable ?? g.with_grant_option,
      };
    },
    signal,
  );
}

export const grant = defineResource({
  typeName: "postgresql_grant",
  description:
    "The privileges a role holds on a database, a schema, or tables, sequences or functions in a schema. The resource owns the whole set: applying it revokes the privileges it does not list, and destroying it revokes them all.",
  schema,
  validateConfig({ config, diagnostics }) {
    const type = config.object_type;
    if (isUnknown(type) || type === null) return;
    if (type === "database" && config.schema !== null) {
      diagnostics.addError(
        "schema is not used for a database grant",
        'object_type is "database": the privileges are on the database itself. Remove schema.',
        [{ attribute: "schema" }],
      );
    }
    if (type !== "database" && config.schema === null) {
      diagnostics.addError(
        `schema is required for object_type "${type}"`,
        type === "schema"
          ? "Set schema to the schema the privileges are on."
          : `Set schema to the schema that holds the ${type}s.`,
        [{ attribute: "schema" }],
      );
    }
    if ((type === "database" || type === "schema") && config.objects !== null) {
      diagnostics.addError(
        `objects is not used for object_type "${type}"`,
        "objects names tables, sequences or functions inside schema. Remove it.",
        [{ attribute: "objects" }],
      );
    }
  },
  async create({ plan, providerData, signal }) {
    return write(providerData, plan as GrantState, signal);
  },
  async update({ plan, providerData, signal }) {
    return write(providerData, plan as GrantState, signal);
  },
  async read({ state, providerData, signal }) {
    const pg = postgresOf(providerData);
    if (!(await pg.databaseExists(state.database, signal))) return null;
    return pg.withClient(
      state.database,
      async (client) => {
        const held = await readHeld(client, state);
        if (!held.exists) return null;
        return {
          ...state,
          privileges: held.privileges ?? state.privileges,
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
        if ((await readHeld(client, state)).exists) {
          await client.query(`REVOKE ALL PRIVILEGES ON ${target(state)} FROM ${grantee(state.role)}`);
        }
      },
      signal,
    );
  },
});
