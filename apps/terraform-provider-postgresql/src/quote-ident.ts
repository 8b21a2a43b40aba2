// provider::postgresql::quote_ident: PostgreSQL's quote_ident, for writing names into SQL a
// configuration passes on (a migration, a psql command), without a connection.
import { defineProviderFunction, FunctionError, t } from "@tsvider/framework";
import { quoteIdent } from "./sql.js";

export const quoteIdentFunction = defineProviderFunction({
  name: "quote_ident",
  summary: "Quotes a name for SQL as PostgreSQL's quote_ident does",
  markdownDescription:
    'The name as PostgreSQL\'s `quote_ident(text)` returns it: unchanged when it needs no quotes (lower-case letters, digits and `_`, not starting with a digit, and no reserved keyword), else in double quotes with inner double quotes doubled: `quote_ident("Sales")` is `"\\"Sales\\""`. The keywords are PostgreSQL 15\'s.',
  params: [{ name: "name", type: t.string }],
  returns: t.string,
  run: (name) => {
    if (name.includes("\0"))
      throw new FunctionError("a PostgreSQL name cannot hold a NUL character", { argument: 0 });
    return quoteIdent(name);
  },
});
