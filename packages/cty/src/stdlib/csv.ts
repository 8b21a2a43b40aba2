// go-cty stdlib: csv.go — csvdecode, CSV text to a list of objects, one per row after the header.
import { defineFunction } from "../function.js";
import { setOwn } from "../internal/records.js";
import { goQuote } from "../internal/text/go-quote.js";
import { utf8Bytes } from "../internal/text/go-utf8.js";
import { type CtyType, dynamic, list, object, string } from "../types.js";
import { type CtyValue, isUnknown } from "../values.js";
import { GoCsvParseError, GoCsvReader } from "./go/csv-reader.js";

/** go-cty's csvError: a parse error's cause, prefixed with its line (not Go's own wording of it). */
function csvError(err: unknown): unknown {
  return err instanceof GoCsvParseError
    ? new Error(`CSV parse error on line ${err.line}: ${err.reasonText}`)
    : err;
}

/** The header row's names, as the type function reads them; throws go-cty's errors. */
function headerNames(text: string): string[] {
  let headers: string[] | undefined;
  try {
    headers = new GoCsvReader(utf8Bytes(text)).read();
  } catch (err) {
    throw csvError(err);
  }
  if (headers === undefined) throw new Error("missing header line");
  const seen = new Set<string>();
  for (const name of headers) {
    if (seen.has(name)) throw new Error(`duplicate column name ${goQuote(name)}`);
    seen.add(name);
  }
  return headers;
}

/**
 * The cty function `csvDecode`, a FunctionSpec to call with `callFunction`. Reads CSV text (RFC
 * 4180) whose first line names the columns, giving a list with one object per following line, every
 * attribute a string.
 */
export const csvDecode = defineFunction({
  description:
    "Reads CSV text (RFC 4180) whose first line names the columns, giving a list with one object per following line, every attribute a string. Column names must be unique, and each line must have as many fields as the header.",
  params: [{ name: "str", type: string }],
  returnType: ([str]) => {
    if (isUnknown(str!.value)) return dynamic;
    const attributes: Record<string, CtyType> = {};
    for (const name of headerNames(str!.value as string)) setOwn(attributes, name, string);
    return list(object(attributes));
  },
  refineResult: { notNull: true },
  impl: ([str]) => {
    const reader = new GoCsvReader(utf8Bytes(str!.value as string));
    const headers = headerNames(str!.value as string);
    reader.fieldsPerRecord = headers.length;
    const rows: CtyValue[] = [];
    try {
      reader.read(); // the header row, read above
      for (let fields = reader.read(); fields !== undefined; fields = reader.read()) {
        const row: Record<string, CtyValue> = {};
        fields.forEach((field, i) => {
          setOwn(row, headers[i]!.normalize("NFC"), field.normalize("NFC"));
        });
        rows.push(row);
      }
    } catch (err) {
      throw csvError(err);
    }
    return rows;
  },
});
