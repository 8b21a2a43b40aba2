// postgresql_schema, postgresql_grant and postgresql_default_privileges through the real tofu,
// in a database of this file's own: privileges as a set (their order means nothing), changed in
// place, revoked outside Terraform (drift), refused per element when they do not fit the object
// type, and gone after destroy.
import { planCheck, stateCheck } from "@tsvider/conformance";
import { beforeAll, describe, expect, it } from "vitest";
import { accept, providerBlock, sql, uniqueName, useTestDatabase } from "../test/support.js";

const database = useTestDatabase("tf_grants");
const G = "postgresql_grant.g";
const S = "postgresql_schema.s";

let reader: string;
beforeAll(async () => {
  reader = uniqueName("tf_reader");
  await sql("postgres", `CREATE ROLE "${reader}"`);
});

function config(schemaName: string, privileges: string, objects = ""): string {
  return `${providerBlock()}
resource "postgresql_schema" "s" {
  name     = "${schemaName}"
  database = "${database()}"
}

resource "postgresql_grant" "g" {
  database    = "${database()}"
  role        = "${reader}"
  schema      = postgresql_schema.s.name
  object_type = "table"
${objects}  privileges  = ${privileges}
}
`;
}

async function tablePrivileges(schemaName: string, table: string): Promise<string[]> {
  const rows = await sql<{ privilege_type: string }>(
    database(),
    `SELECT privilege_type FROM information_schema.role_table_grants
      WHERE grantee = $1 AND table_schema = $2 AND table_name = $3 ORDER BY privilege_type`,
    [reader, schemaName, table],
  );
  return rows.map((r) => r.privilege_type);
}

describe("postgresql_schema and postgresql_grant", () => {
  it("grants on every table of a schema, ignores the order of privileges, updates, sees drift and revokes", async () => {
    const schemaName = uniqueName("app");
    const makeTables = async () => {
      await sql(
        database(),
        `CREATE TABLE "${schemaName}".a (id int); CREATE TABLE "${schemaName}".b (id int)`,
      );
    };
    await accept([
      {
        config: `${providerBlock()}
resource "postgresql_schema" "s" {
  name     = "${schemaName}"
  database = "${database()}"
}
`,
        stateChecks: [
          stateCheck.attribute(S, "owner", "postgres"),
          stateCheck.attribute(S, "if_not_exists", true),
        ],
      },
      {
        preConfig: makeTables,
        config: config(schemaName, '["SELECT", "INSERT"]'),
        stateChecks: [stateCheck.attribute(G, "privileges", ["INSERT", "SELECT"])],
        check: async () => {
          expect(await tablePrivileges(schemaName, "a")).toEqual(["INSERT", "SELECT"]);
          expect(await tablePrivileges(schemaName, "b")).toEqual(["INSERT", "SELECT"]);
        },
      },
      {
        // The same set in another order plans nothing.
        config: config(schemaName, '["INSERT", "SELECT"]'),
        planOnly: true,
      },
      {
        config: config(schemaName, '["SELECT", "UPDATE"]'),
        planChecks: { preApply: [planCheck.action(G, "update")] },
        check: async () => expect(await tablePrivileges(schemaName, "a")).toEqual(["SELECT", "UPDATE"]),
      },
      {
        preConfig: async () => {
          await sql(database(), `REVOKE UPDATE ON "${schemaName}".b FROM "${reader}"`);
        },
        planOnly: true,
        expectNonEmptyPlan: true,
        planChecks: {
          preApply: [planCheck.action(G, "update"), planCheck.known(G, "privileges", ["SELECT", "UPDATE"])],
        },
      },
      {
        config: config(schemaName, '["SELECT"]', '  objects     = ["a"]\n'),
        planChecks: { preApply: [planCheck.action(G, "replace")] },
        check: async () => {
          expect(await tablePrivileges(schemaName, "a")).toEqual(["SELECT"]);
          // The grant on every table was revoked when it was replaced.
          expect(await tablePrivileges(schemaName, "b")).toEqual([]);
        },
      },
      {
        importState: { resourceName: S, id: `${database()}.${schemaName}`, verify: true },
      },
      {
        config: config(schemaName, '["SELECT"]', '  objects     = ["a"]\n').replace(
          `database = "${database()}"\n}`,
          `database = "${database()}"\n  drop_cascade = true\n}`,
        ),
      },
    ]);
    expect(await sql(database(), "SELECT 1 FROM pg_namespace WHERE nspname = $1", [schemaName])).toEqual([]);
  });

  it("grants on a database, and refuses a privilege that does not fit the object type, naming it", async () => {
    const grantConfig = (privileges: string) => `${providerBlock()}
resource "postgresql_grant" "g" {
  database    = "${database()}"
  role        = "${reader}"
  object_type = "database"
  privileges  = ${privileges}
}
`;
    const held = async () =>
      (
        await sql<{ connect: boolean; create: boolean }>(
          "postgres",
          "SELECT has_database_privilege($1, $2, 'CONNECT') AS connect, has_database_privilege($1, $2, 'CREATE') AS create",
          [reader, database()],
        )
      )[0];
    await accept([
      {
        config: grantConfig('["CREATE"]'),
        check: async () => expect(await held()).toEqual({ connect: true, create: true }),
      },
      {
        config: grantConfig('["CREATE", "SELECT"]'),
        expectError:
          /Invalid value for "privileges\[\*\]".*"SELECT" is not a privilege on a database; use CONNECT, CREATE, TEMPORARY \(in upper case\)/,
      },
    ]);
    expect((await held())?.create).toBe(false);
  });

  it("says a table the grant names does not exist", async () => {
    await accept([
      {
        config: `${providerBlock()}
resource "postgresql_grant" "g" {
  database    = "${database()}"
  role        = "${reader}"
  schema      = "public"
  object_type = "table"
  objects     = ["no_such_table"]
  privileges  = ["SELECT"]
}
`,
        expectError:
          /Error: An object this configuration names does not exist.*relation "public.no_such_table" does not exist \[SQLSTATE 42P01\]/,
      },
    ]);
  });

  it("needs schema for a table grant", async () => {
    await accept([
      {
        config: `${providerBlock()}
resource "postgresql_grant" "g" {
  database    = "${database()}"
  role        = "${reader}"
  object_type = "table"
  privileges  = ["SELECT"]
}
`,
        expectError:
          /schema is required for object_type "table".*Set schema to the schema that holds the tables/,
      },
    ]);
  });
});

describe("postgresql_default_privileges", () => {
  it("gives the role privileges on tables the owner creates later, and takes them away on destroy", async () => {
    const owner = uniqueName("tf_owner");
    const schemaName = uniqueName("later");
    await sql("postgres", `CREATE ROLE "${owner}"`);
    await sql(database(), `CREATE SCHEMA "${schemaName}" AUTHORIZATION "${owner}"`);
    const body = (privileges: string) => `${providerBlock()}
resource "postgresql_default_privileges" "d" {
  database    = "${database()}"
  role        = "${reader}"
  owner       = "${owner}"
  schema      = "${schemaName}"
  object_type = "table"
  privileges  = ${privileges}
}
`;
    const createTable = async (table: string) => {
      await sql(database(), `SET ROLE "${owner}"; CREATE TABLE "${schemaName}"."${table}" (id int)`);
    };
    await accept([
      {
        config: body('["SELECT"]'),
        check: async () => {
          await createTable("t1");
          expect(await tablePrivileges(schemaName, "t1")).toEqual(["SELECT"]);
        },
      },
      {
        config: body('["DELETE", "SELECT"]'),
        planChecks: { preApply: [planCheck.action("postgresql_default_privileges.d", "update")] },
        check: async () => {
          await createTable("t2");
          expect(await tablePrivileges(schemaName, "t2")).toEqual(["DELETE", "SELECT"]);
        },
      },
    ]);
    await createTable("t3");
    expect(await tablePrivileges(schemaName, "t3")).toEqual([]);
  });
});
