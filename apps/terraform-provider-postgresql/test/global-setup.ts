// vitest's global set-up: one PostgreSQL server for the whole suite (test/postgres-server.ts),
// handed to the test files with vitest's provide/inject, stopped and removed once they end.
// Each test file makes a database of its own on it (test/pg.test-support.ts), so files never
// see each other's objects and one server's start-up is paid once.
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { type PostgresServer, startPostgres } from "./postgres-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgres: PostgresServer;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres().catch((error: unknown) => {
    // Said here too: vitest can fail to print a global set-up's error (it maps the stack
    // through a source map it cannot read), which would leave only "No test files found".
    process.stderr.write(
      `the test PostgreSQL server did not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    throw error;
  });
  const { stop, ...settings } = server;
  project.provide("postgres", settings);
  return stop;
}
