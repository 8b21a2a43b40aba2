// postgresql_extension and the postgresql_roles and postgresql_schemas data sources through the
// real tofu.
import { planCheck, stateCheck } from "@tsvider/conformance";
import { describe, expect, it } from "vitest";
import { accept, providerBlock, sql, uniqueName, useTestDatabase } from "../test/support.js";

const database = useTestDatabase("tf_ext");
const E = "postgresql_extension.e";

async function installed(name: string) {
  return (
    await sql<{ schema: string; version: string }>(
      database(),
      "SELECT n.nspname AS schema, e.extversion AS version FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE extname = $1",
      [name],
    )
  )[0];
}

describe("postgresql_extension", () => {
  it("installs an extension, moves it to another schema in place, imports it and drops it", async () => {
    const extension = (schemaName: string) => `${providerBlock()}
resource "postgresql_schema" "other" {
  name     = "ext_home"
  database = "${database()}"
}

resource "postgresql_extension" "e" {
  name     = "hstore"
  database = "${database()}"
  schema   = ${schemaName}
}
`;
    await accept([
      {
        config: extension('"public"'),
        stateChecks: [stateCheck.attribute(E, "version", stateCheck.regex(/^\d+\.\d+$/))],
        check: async () => expect((await installed("hstore"))?.schema).toBe("public"),
      },
      {
        config: extension("postgresql_schema.other.name"),
        planChecks: { preApply: [planCheck.action(E, "update")] },
        check: async () => expect((await installed("hstore"))?.schema).toBe("ext_home"),
      },
      { importState: { resourceName: E, id: `${database()}.hstore`, verify: true } },
    ]);
    expect(await installed("hstore")).toBeUndefined();
  });

  it("says which package to install for an extension the server lacks", async () => {
    await accept([
      {
        config: `${providerBlock()}
resource "postgresql_extension" "e" {
  name     = "no_such_extension"
  database = "${database()}"
}
`,
        expectError:
          /Error: The server does not have this extension's files.*SQLSTATE (0A000|58P01).*Install the package that provides the extension on the database server/,
      },
    ]);
  });
});

describe("the postgresql_roles data source", () => {
  it("lists the roles whose names match a LIKE pattern", async () => {
    const prefix = uniqueName("tf_list");
    await sql("postgres", `CREATE ROLE "${prefix}_a" LOGIN CONNECTION LIMIT 3; CREATE ROLE "${prefix}_b"`);
    try {
      await accept([
        {
          config: `${providerBlock()}
data "postgresql_roles" "mine" {
  like_pattern = "${prefix}\\\\_%"
}

output "names" {
  value = [for r in data.postgresql_roles.mine.roles : r.name]
}

output "first" {
  value = data.postgresql_roles.mine.roles[0]
}
`,
          stateChecks: [
            stateCheck.output("names", [`${prefix}_a`, `${prefix}_b`]),
            stateCheck.output("first", {
              name: `${prefix}_a`,
              login: true,
              superuser: false,
              create_database: false,
              create_role: false,
              connection_limit: 3,
              valid_until: null,
            }),
          ],
        },
      ]);
    } finally {
      await sql("postgres", `DROP ROLE "${prefix}_a"; DROP ROLE "${prefix}_b"`);
    }
  });
});

describe("the postgresql_schemas data source", () => {
  it("lists a database's schemas, its own ones only when asked", async () => {
    await sql(database(), 'CREATE SCHEMA listed_a; CREATE SCHEMA listed_b; CREATE SCHEMA "Other"');
    await accept([
      {
        config: `${providerBlock()}
data "postgresql_schemas" "listed" {
  database     = "${database()}"
  like_pattern = "listed%"
}

data "postgresql_schemas" "all" {
  database               = "${database()}"
  include_system_schemas = true
}

output "listed" {
  value = data.postgresql_schemas.listed.schemas
}

output "system" {
  value = [for s in data.postgresql_schemas.all.schemas : s if s == "pg_catalog" || s == "information_schema"]
}
`,
        stateChecks: [
          stateCheck.output("listed", ["listed_a", "listed_b"]),
          stateCheck.output("system", ["information_schema", "pg_catalog"]),
        ],
      },
      {
        config: `${providerBlock()}
data "postgresql_schemas" "gone" {
  database = "no_such_database"
}
`,
        expectError: /Error: The database "no_such_database" does not exist.*Check database/,
      },
    ]);
  });
});
