// postgresql_role through the real tofu against the suite's PostgreSQL server: create, update
// in place, rename, import, drift made with SQL outside Terraform, the write-only password,
// valid_until written another way than PostgreSQL answers, and a role that already exists.
import { planCheck, resolveTerraform, resolveTofu, stateCheck } from "@tsvider/conformance";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accept, providerBlock, server, sql, uniqueName } from "../test/support.js";

const R = "postgresql_role.r";

function roleConfig(name: string, body: string): string {
  return `${providerBlock()}
resource "postgresql_role" "r" {
  name = "${name}"
${body}}
`;
}

async function roleRow(name: string) {
  const rows = await sql<{ rolcanlogin: boolean; rolconnlimit: number; valid_until: string | null }>(
    "postgres",
    "SELECT rolcanlogin, rolconnlimit, rolvaliduntil::text AS valid_until FROM pg_roles WHERE rolname = $1",
    [name],
  );
  return rows[0];
}

/** Whether `name` can log in over TCP with `password` (scram-sha-256). */
async function canLogIn(name: string, password: string): Promise<boolean> {
  const s = server();
  const client = new pg.Client({ host: s.host, port: s.port, user: name, password, database: "postgres" });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === "28P01") return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

describe("postgresql_role", () => {
  it("creates, updates in place, renames, imports, sees drift, and drops the role", async () => {
    const name = uniqueName("tf_role");
    const renamed = `${name}_new`;
    await accept([
      {
        config: roleConfig(
          name,
          '  login = true\n  connection_limit = 5\n  valid_until = "2030-01-01T00:00:00.000Z"\n',
        ),
        stateChecks: [
          stateCheck.attribute(R, "login", true),
          stateCheck.attribute(R, "inherit", true),
          stateCheck.attribute(R, "connection_limit", 5),
          // PostgreSQL answers 2030-01-01T00:00:00Z: the same instant, kept as configured.
          stateCheck.attribute(R, "valid_until", "2030-01-01T00:00:00.000Z"),
        ],
        check: async () => {
          // PostgreSQL answers in its own form; the state keeps the configured one (above) and
          // the convergence plan after this step is empty.
          expect(await roleRow(name)).toEqual({
            rolcanlogin: true,
            rolconnlimit: 5,
            valid_until: "2030-01-01 00:00:00+00",
          });
        },
      },
      {
        config: roleConfig(
          name,
          '  login = true\n  connection_limit = 10\n  valid_until = "2030-01-01T02:00:00+02:00"\n',
        ),
        // The same instant written with an offset changes nothing (the state keeps the spelling
        // it had); the limit is updated in place.
        planChecks: {
          preApply: [
            planCheck.action(R, "update"),
            planCheck.known(R, "valid_until", "2030-01-01T00:00:00.000Z"),
          ],
        },
        stateChecks: [stateCheck.attribute(R, "valid_until", "2030-01-01T00:00:00.000Z")],
        check: async () => expect((await roleRow(name))?.rolconnlimit).toBe(10),
      },
      {
        config: roleConfig(
          renamed,
          '  login = true\n  connection_limit = 10\n  valid_until = "2030-01-01T02:00:00+02:00"\n',
        ),
        planChecks: { preApply: [planCheck.action(R, "update")] },
        check: async () => {
          expect(await roleRow(name)).toBeUndefined();
          expect((await roleRow(renamed))?.rolconnlimit).toBe(10);
        },
      },
      {
        // valid_until is read back as PostgreSQL answers it, in UTC; the rest must match.
        importState: { resourceName: R, id: renamed, verify: true, verifyIgnore: ["valid_until"] },
        stateChecks: [stateCheck.attribute(R, "valid_until", "2030-01-01T00:00:00Z")],
      },
      {
        preConfig: async () => {
          await sql("postgres", `ALTER ROLE "${renamed}" NOLOGIN CONNECTION LIMIT 99`);
        },
        planOnly: true,
        expectNonEmptyPlan: true,
        planChecks: {
          preApply: [
            planCheck.action(R, "update"),
            planCheck.known(R, "login", true),
            planCheck.known(R, "connection_limit", 10),
          ],
        },
      },
      {
        // Applying the configuration again puts the role back as configured.
        check: async () =>
          expect(await roleRow(renamed)).toMatchObject({ rolcanlogin: true, rolconnlimit: 10 }),
      },
    ]);
    // The harness destroyed everything at the end.
    expect(await roleRow(renamed)).toBeUndefined();
  });

  // Write-only attributes are OpenTofu's and Terraform's since 1.11; each host sends them its own way.
  it.each([
    ["OpenTofu", resolveTofu],
    ["Terraform", resolveTerraform],
  ])(
    "sets the write-only password on create and again only when password_wo_version changes (%s)",
    async (_, binary) => {
      const name = uniqueName("tf_pw");
      const withPassword = (password: string, version: number) =>
        roleConfig(
          name,
          `  login = true\n  password_wo = "${password}"\n  password_wo_version = ${version}\n`,
        );
      await accept(
        [
          {
            config: withPassword("first-secret", 1),
            check: async (ctx) => {
              expect(await canLogIn(name, "first-secret")).toBe(true);
              // Neither the state nor a plan holds the password.
              expect(JSON.stringify(ctx.state)).not.toContain("first-secret");
              const shown = ctx.state.values?.root_module?.resources?.find((r) => r.address === R);
              expect(shown?.values.password_wo).toBeNull();
            },
          },
          {
            // A new password without a new version plans nothing: the write-only value is never compared.
            config: withPassword("second-secret", 1),
            planOnly: true,
            check: async () => expect(await canLogIn(name, "first-secret")).toBe(true),
          },
          {
            config: withPassword("second-secret", 2),
            planChecks: { preApply: [planCheck.action(R, "update")] },
            check: async () => {
              expect(await canLogIn(name, "second-secret")).toBe(true);
              expect(await canLogIn(name, "first-secret")).toBe(false);
            },
          },
        ],
        { binary: binary() },
      );
    },
  );

  it("says a role that already exists should be imported, not that the provider has a bug", async () => {
    const name = uniqueName("tf_dup");
    await sql("postgres", `CREATE ROLE "${name}"`);
    try {
      await accept([
        {
          config: roleConfig(name, ""),
          expectError:
            /Error: The role already exists.*PostgreSQL said: role "tf_dup_[0-9a-f]+" already exists \[SQLSTATE 42710\]\. Bring the existing role under Terraform with an import block or `tofu import`, or choose another name\./,
        },
      ]);
    } finally {
      await sql("postgres", `DROP ROLE "${name}"`);
    }
  });

  it("refuses a valid_until that is not RFC 3339, and a name PostgreSQL would cut, before connecting", async () => {
    await accept([
      {
        config: roleConfig("r".repeat(40) + "é".repeat(12), ""),
        expectError:
          /"name" is 64 bytes long; PostgreSQL keeps only the first 63 bytes of a name, so shorten it/,
      },
      {
        config: roleConfig(uniqueName("tf_bad"), '  valid_until = "2030-01-01 00:00:00"\n'),
        expectError: /valid_until.*RFC 3339/,
      },
    ]);
  });
});
