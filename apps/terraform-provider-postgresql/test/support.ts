// What the test files share: the suite's PostgreSQL server (started by test/global-setup.ts),
// SQL run as its superuser to set things up and to look behind Terraform's back, a database of
// the file's own, and the provider block that points a configuration at the server.
import { randomBytes } from "node:crypto";
import { acceptanceTest } from "@tsvider/conformance";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { provider } from "../src/provider.js";
import type {} from "./global-setup.js";
import type { PostgresServer } from "./postgres-server.js";

export function server(): PostgresServer {
  return inject("postgres");
}

/** Runs one statement as the superuser in `database` and returns its rows. */
export async function sql<R extends pg.QueryResultRow = Record<string, unknown>>(
  database: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const s = server();
  const client = new pg.Client({ host: s.host, port: s.port, user: s.user, password: s.password, database });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A name no other test file uses: roles are the whole server's, so each file prefixes its own. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString("hex")}`;
}

/**
 * A database of the calling file's own, created before its tests and dropped after them, so
 * files running side by side never see each other's schemas, grants or extensions.
 */
export function useTestDatabase(prefix: string): () => string {
  const name = uniqueName(prefix);
  let created = false;
  beforeAll(async () => {
    await sql("postgres", `CREATE DATABASE "${name}"`);
    created = true;
  });
  afterAll(async () => {
    if (created) await sql("postgres", `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  return () => name;
}

/** The provider block for the test server, over TCP with the superuser's password. */
export function providerBlock(extra = ""): string {
  const s = server();
  return `provider "postgresql" {
  host     = "${s.host}"
  port     = ${s.port}
  username = "${s.user}"
  password = "${s.password}"
  sslmode  = "disable"
${extra}}
`;
}

/**
 * acceptanceTest with this provider served from the test's process, on the pinned tofu or on
 * `binary` (resolveTerraform() for Terraform).
 */
export async function accept(
  steps: Parameters<typeof acceptanceTest>[0]["steps"],
  options: { readonly binary?: string } = {},
): Promise<void> {
  await acceptanceTest({ provider, address: "tsvider/postgresql", steps, ...options });
}
