// Writing names and values into SQL. DDL (CREATE ROLE, GRANT, ALTER DATABASE ... SET) takes no
// bind parameters for names, and none for most values either, so every name goes through
// `ident` and every value through `literal`; no raw name or value is ever joined into a
// statement. Queries that only read take bind parameters ($1) instead.

/**
 * A name as a quoted identifier, always quoted: `"Sales ""EU"""`. Quoting every name keeps its
 * case and lets keywords and any character through, so the name PostgreSQL stores is the one
 * configuration gave. A NUL character cannot be in a PostgreSQL name at all.
 */
export function ident(name: string): string {
  if (name.includes("\0"))
    throw new Error(
      `the name ${JSON.stringify(name)} holds a NUL character, which PostgreSQL names cannot hold`,
    );
  return `"${name.replaceAll('"', '""')}"`;
}

/** A dotted name (`app.setting`, `schema.table`) with each part quoted. */
export function qualified(...parts: readonly string[]): string {
  return parts.map(ident).join(".");
}

/**
 * A string constant. With standard_conforming_strings (on since PostgreSQL 9.1) a backslash
 * is an ordinary character in '...', but a server may have it off; a value holding a
 * backslash is therefore written as an escape string E'...' with the backslashes doubled,
 * which reads the same either way (as node-postgres's escapeLiteral does).
 */
export function literal(value: string): string {
  if (value.includes("\0")) throw new Error("a PostgreSQL string cannot hold a NUL character");
  const quoted = value.replaceAll("'", "''");
  return value.includes("\\") ? `E'${quoted.replaceAll("\\", "\\\\")}'` : `'${quoted}'`;
}

/**
 * PostgreSQL 15's keywords that quote_ident quotes: every keyword but the unreserved ones
 * (`SELECT word FROM pg_get_keywords() WHERE catcode <> 'U'`). src/quote-ident.test.ts checks
 * the list against the test server's.
 */
export const QUOTED_KEYWORDS: ReadonlySet<string> = new Set(
  [
    "all analyse analyze and any array as asc asymmetric authorization between bigint binary bit boolean ",
    "both case cast char character check coalesce collate collation column concurrently constraint create ",
    "cross current_catalog current_date current_role current_schema current_time current_timestamp ",
    "current_user dec decimal default deferrable desc distinct do else end except exists extract false ",
    "fetch float for foreign freeze from full grant greatest group grouping having ilike in initially ",
    "inner inout int integer intersect interval into is isnull join lateral leading least left like limit ",
    "localtime localtimestamp national natural nchar none normalize not notnull null nullif numeric ",
    "offset on only or order out outer overlaps overlay placing position precision primary real ",
    "references returning right row select session_user setof similar smallint some substring symmetric ",
    "table tablesample then time timestamp to trailing treat trim true union unique user using values ",
    "varchar variadic verbose when where window with xmlattributes xmlconcat xmlelement xmlexists ",
    "xmlforest xmlnamespaces xmlparse xmlpi xmlroot xmlserialize xmltable",
  ]
    .join("")
    .split(" "),
);

/**
 * PostgreSQL's quote_ident: the
 * name as it is when it needs no quotes (it starts with a lower-case ASCII letter or `_`,
 * holds only those and digits, and is no keyword that would need quoting), else quoted with
 * inner double quotes doubled. Anything outside ASCII is quoted, as the server's test is
 * byte by byte.
 */
export function quoteIdent(name: string): string {
  const safe = /^[a-z_][a-z0-9_]*$/.test(name) && !QUOTED_KEYWORDS.has(name);
  return safe ? name : `"${name.replaceAll('"', '""')}"`;
}
