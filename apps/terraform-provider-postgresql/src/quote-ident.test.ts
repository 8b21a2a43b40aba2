// quote_ident against the server's own: fast-check strings (ASCII-heavy, so the interesting
// characters come up often: upper case, digits first, quotes, keywords), every keyword, and the
// function called through tofu.
import { stateCheck } from "@tsvider/conformance";
import { callProviderFunction } from "@tsvider/framework/testing";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accept, providerBlock, server } from "../test/support.js";
import { quoteIdentFunction } from "./quote-ident.js";
import { literal, QUOTED_KEYWORDS, quoteIdent } from "./sql.js";

let client: pg.Client;
beforeAll(async () => {
  const s = server();
  client = new pg.Client({
    host: s.host,
    port: s.port,
    user: s.user,
    password: s.password,
    database: "postgres",
  });
  await client.connect();
});
afterAll(() => client.end());

async function serverQuoteIdent(names: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ q: string }>(
    "SELECT quote_ident(n) AS q FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i",
    [names],
  );
  return rows.map((r) => r.q);
}

const keywordish = fc.constantFrom(...QUOTED_KEYWORDS, "abort", "name", "text", "user_", "select1", "Select");
// Mostly the characters quote_ident leaves alone, so that names needing no quotes come up
// often, with the few that must be quoted mixed in.
const nameChars = fc.constantFrom(..."abz_09", ..."abz_09", ..."$AZ\"' .-é😀");
const names = fc.oneof(
  keywordish,
  fc.string({ unit: nameChars, maxLength: 10 }),
  fc.string({ unit: "grapheme", maxLength: 8 }).filter((s) => !s.includes("\0")),
);

describe("quote_ident", () => {
  it("matches the server's quote_ident on generated names", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(names, { minLength: 20, maxLength: 60 }), async (batch) => {
        expect(batch.map(quoteIdent)).toEqual(await serverQuoteIdent(batch));
      }),
      { numRuns: 40 },
    );
  });

  it("quotes exactly the keywords the server quotes", async () => {
    const { rows } = await client.query<{ word: string }>(
      "SELECT word FROM pg_get_keywords() WHERE catcode <> 'U' ORDER BY word",
    );
    expect([...QUOTED_KEYWORDS].sort(), "the keywords of src/sql.ts are PostgreSQL 15's").toEqual(
      rows.map((r) => r.word),
    );
    const all = (await client.query<{ word: string }>("SELECT word FROM pg_get_keywords()")).rows.map(
      (r) => r.word,
    );
    expect(all.map(quoteIdent)).toEqual(await serverQuoteIdent(all));
  });

  it("writes literals the server reads back unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(..."ab'\\\"\n é") }), async (value) => {
        const { rows } = await client.query<{ v: string }>(`SELECT ${literal(value)}::text AS v`);
        expect(rows[0]?.v).toBe(value);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a NUL character, blaming the argument", async () => {
    await expect(callProviderFunction(quoteIdentFunction, ["a\0b"])).rejects.toMatchObject({ argument: 0 });
    expect(await callProviderFunction(quoteIdentFunction, ["Sales"])).toBe('"Sales"');
  });

  it("is called through tofu as provider::postgresql::quote_ident", async () => {
    await accept([
      {
        config: `${providerBlock()}
output "quoted" {
  value = [provider::postgresql::quote_ident("orders"), provider::postgresql::quote_ident("Order \\"Lines\\""), provider::postgresql::quote_ident("select")]
}
`,
        stateChecks: [stateCheck.output("quoted", ["orders", '"Order ""Lines"""', '"select"'])],
      },
    ]);
  });
});
