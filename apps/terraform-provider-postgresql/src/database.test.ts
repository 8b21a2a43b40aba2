// postgresql_database through the real tofu: settings and limits changed in place, a new
// encoding replacing the database, import, drift made with SQL, and a duplicate's diagnostic.
import { planCheck, stateCheck } from "@tsvider/conformance";
import { describe, expect, it } from "vitest";
import { accept, providerBlock, sql, uniqueName } from "../test/support.js";

const D = "postgresql_database.d";

function dbConfig(name: string, owner: string, body: string): string {
  return `${providerBlock()}
resource "postgresql_role" "owner" {
  name = "${owner}"
}

resource "postgresql_database" "d" {
  name  = "${name}"
  owner = postgresql_role.owner.name
${body}}
`;
}

async function databaseRow(name: string) {
  const rows = await sql<{
    owner: string;
    encoding: string;
    datcollate: string;
    datconnlimit: number;
    settings: string[] | null;
    oid: number;
  }>(
    "postgres",
    `SELECT pg_get_userbyid(d.datdba) AS owner, pg_encoding_to_char(d.encoding) AS encoding, d.datcollate, d.datconnlimit, d.oid,
      (SELECT setconfig FROM pg_db_role_setting s WHERE s.setdatabase = d.oid AND s.setrole = 0) AS settings
     FROM pg_database d WHERE datname = $1`,
    [name],
  );
  return rows[0];
}

describe("postgresql_database", () => {
  it("creates, updates in place, replaces on a new encoding, imports, sees drift and drops it", async () => {
    const name = uniqueName("tf_db");
    const owner = uniqueName("tf_db_owner");
    let firstOid = 0;
    await accept([
      {
        config: dbConfig(
          name,
          owner,
          '  encoding   = "utf-8"\n  lc_collate = "C"\n  lc_ctype   = "C"\n  connection_limit = 5\n  settings = {\n    work_mem          = "8MB"\n    statement_timeout = "30s"\n  }\n',
        ),
        stateChecks: [
          // Written "utf-8", answered "UTF8": the same encoding, kept as written.
          stateCheck.attribute(D, "encoding", "utf-8"),
          stateCheck.attribute(D, "template", "template0"),
          stateCheck.attribute(D, "settings", { work_mem: "8MB", statement_timeout: "30s" }),
        ],
        check: async () => {
          const row = await databaseRow(name);
          expect(row).toMatchObject({ owner, encoding: "UTF8", datcollate: "C", datconnlimit: 5 });
          expect([...(row?.settings ?? [])].sort()).toEqual(["statement_timeout=30s", "work_mem=8MB"]);
          firstOid = row?.oid ?? 0;
        },
      },
      {
        // Another spelling of the same encoding plans nothing, not a replacement.
        config: dbConfig(
          name,
          owner,
          '  encoding   = "UTF8"\n  lc_collate = "C"\n  lc_ctype   = "C"\n  connection_limit = 5\n  settings = {\n    work_mem          = "8MB"\n    statement_timeout = "30s"\n  }\n',
        ),
        planOnly: true,
      },
      {
        config: dbConfig(
          name,
          owner,
          '  encoding   = "utf-8"\n  lc_collate = "C"\n  lc_ctype   = "C"\n  connection_limit = 10\n  settings = {\n    work_mem = "16MB"\n  }\n',
        ),
        planChecks: { preApply: [planCheck.action(D, "update")] },
        check: async () => {
          const row = await databaseRow(name);
          expect(row).toMatchObject({ datconnlimit: 10, settings: ["work_mem=16MB"], oid: firstOid });
        },
      },
      {
        // An import cannot know the template, nor how configuration spells the encoding.
        importState: { resourceName: D, id: name, verify: true, verifyIgnore: ["template", "encoding"] },
        stateChecks: [stateCheck.attribute(D, "encoding", "UTF8"), stateCheck.attribute(D, "template", null)],
      },
      {
        preConfig: async () => {
          await sql("postgres", `ALTER DATABASE "${name}" SET work_mem = '1MB'`);
        },
        planOnly: true,
        expectNonEmptyPlan: true,
        planChecks: {
          preApply: [planCheck.action(D, "update"), planCheck.known(D, "settings", { work_mem: "16MB" })],
        },
      },
      {
        config: dbConfig(
          name,
          owner,
          '  encoding   = "SQL_ASCII"\n  lc_collate = "C"\n  lc_ctype   = "C"\n  connection_limit = 10\n  settings = {\n    work_mem = "16MB"\n  }\n',
        ),
        planChecks: { preApply: [planCheck.action(D, "replace")] },
        check: async () => {
          const row = await databaseRow(name);
          expect(row).toMatchObject({ encoding: "SQL_ASCII", settings: ["work_mem=16MB"] });
          expect(row?.oid).not.toBe(firstOid);
        },
      },
    ]);
    expect(await databaseRow(name)).toBeUndefined();
    expect(await sql("postgres", "SELECT 1 FROM pg_roles WHERE rolname = $1", [owner])).toEqual([]);
  });

  it("drops a template database, which PostgreSQL refuses to drop as it is", async () => {
    const name = uniqueName("tf_tpl");
    await accept([
      {
        config: `${providerBlock()}
resource "postgresql_database" "d" {
  name              = "${name}"
  is_template       = true
  allow_connections = false
}
`,
        stateChecks: [
          stateCheck.attribute(D, "is_template", true),
          stateCheck.attribute(D, "allow_connections", false),
        ],
      },
    ]);
    expect(await databaseRow(name)).toBeUndefined();
  });

  it("says a database that already exists should be imported", async () => {
    const name = uniqueName("tf_dupdb");
    await sql("postgres", `CREATE DATABASE "${name}"`);
    try {
      await accept([
        {
          config: `${providerBlock()}
resource "postgresql_database" "d" {
  name = "${name}"
}
`,
          expectError:
            /Error: The database already exists.*database "tf_dupdb_[0-9a-f]+" already exists \[SQLSTATE 42P04\]\. Bring the existing database under Terraform with an import block or `tofu import`/,
        },
      ]);
    } finally {
      await sql("postgres", `DROP DATABASE "${name}"`);
    }
  });

  it("refuses a setting name in upper case at its key", async () => {
    await accept([
      {
        config: `${providerBlock()}
resource "postgresql_database" "d" {
  name     = "${uniqueName("tf_badkey")}"
  settings = { Work_Mem = "8MB" }
}
`,
        expectError: /Invalid key "Work_Mem" in "settings".*configuration parameter's name in lower case/,
      },
    ]);
  });
});
