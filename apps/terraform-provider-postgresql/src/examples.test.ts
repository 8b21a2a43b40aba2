// Every example under examples/ applied through tofu, configured from PGHOST, PGPORT, PGUSER and
// PGPASSWORD as the examples say; then a no-op plan, then destroy, and nothing of it is left on
// the server. The role's example runs the bundled provider (what `pnpm build` makes, installed
// through a filesystem mirror as practitioners get it); the others are served from this
// process, which costs a fifth of the time of tofu starting the bundle for every command. The
// variables are set on this process for them, and put back afterwards.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { acceptanceTest, stateCheck } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server, sql } from "../test/support.js";
import { provider, VERSION } from "./provider.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const executable = join(root, "dist/terraform-provider-postgresql.cjs");

function examples(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith(".tf")) found.push(dir);
    }
  };
  walk(join(root, "examples"));
  return [...new Set(found)].map((dir) => dir.slice(root.length)).sort();
}

/** What each example's outputs must be after apply. */
const outputs: Record<string, ReturnType<typeof stateCheck.output>[]> = {
  "examples/resources/postgresql_role/basic": [stateCheck.output("role", "example_app")],
  "examples/resources/postgresql_database/basic": [stateCheck.output("encoding", "UTF8")],
  "examples/resources/postgresql_schema/basic": [stateCheck.output("schema", "example_schema_db.app")],
  "examples/resources/postgresql_extension/basic": [
    stateCheck.output("version", stateCheck.regex(/^\d+\.\d+$/)),
  ],
  "examples/data-sources/postgresql_roles/basic": [
    stateCheck.output("names", ["example_team_a", "example_team_b"]),
  ],
  "examples/data-sources/postgresql_schemas/basic": [stateCheck.output("tenants", ["tenant_a", "tenant_b"])],
  "examples/functions/quote_ident/basic": [
    stateCheck.output("quoted", ["orders", '"Order Lines"', '"select"']),
  ],
};

const BUNDLED = "examples/resources/postgresql_role/basic";

function pgEnv(): Record<string, string> {
  const s = server();
  return {
    PGHOST: s.host,
    PGPORT: String(s.port),
    PGUSER: s.user,
    PGPASSWORD: s.password,
    PGDATABASE: "postgres",
  };
}

const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [key, value] of Object.entries(pgEnv())) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("examples", () => {
  it("has the examples this test knows the outputs of", () => {
    expect(examples()).toEqual(expect.arrayContaining(Object.keys(outputs)));
  });

  it.each(examples())("%s applies, plans no change, and destroys everything it made", async (example) => {
    await acceptanceTest({
      ...(example === BUNDLED ? { executable, version: VERSION, env: pgEnv() } : { provider }),
      address: "tsvider/postgresql",
      steps: [
        { config: readFileSync(join(root, example, "main.tf"), "utf8"), stateChecks: outputs[example] ?? [] },
      ],
    });
    const left = await sql(
      "postgres",
      "SELECT rolname AS name FROM pg_roles WHERE rolname LIKE 'example\\_%' UNION ALL SELECT datname FROM pg_database WHERE datname LIKE 'example\\_%'",
    );
    expect(left).toEqual([]);
  });
});
