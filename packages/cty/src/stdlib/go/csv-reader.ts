// Go standard library, package encoding/csv: the Reader and its ParseError, reimplemented for
// go-cty's csvdecode.
//
// CSV read as Go's encoding/csv Reader reads it with its defaults (comma ',', no comment
// character, strict quotes, leading spaces kept), which is what go-cty's csvdecode uses:
// records line by line, empty lines skipped, "\r\n" read as "\n", quoted fields that may span
// lines with "" for a quote, and Go's ParseError messages with their line and byte column.
import { utf8Text } from "../../internal/text/go-utf8.js";

/** encoding/csv's ParseError: where a record went wrong and why (its message is Go's Error()). */
export class GoCsvParseError extends Error {
  override readonly name = "GoCsvParseError";
  /** The wrapped error's text (ParseError.Err), e.g. "wrong number of fields". */
  readonly reasonText: string;
  constructor(
    readonly startLine: number,
    readonly line: number,
    readonly column: number,
    readonly reason: "bare-quote" | "quote" | "field-count",
  ) {
    const why = {
      "bare-quote": 'bare " in non-quoted-field',
      quote: 'extraneous or missing " in quoted-field',
      "field-count": "wrong number of fields",
    }[reason];
    let message: string;
    if (reason === "field-count") message = `record on line ${line}: ${why}`;
    else if (startLine !== line) {
      message = `record on line ${startLine}; parse error on line ${line}, column ${column}: ${why}`;
    } else message = `parse error on line ${line}, column ${column}: ${why}`;
    super(message);
    this.reasonText = why;
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const CR = 0x0d;

/** A csv.Reader over the whole input. */
export class GoCsvReader {
  private pos = 0;
  private lineNumber = 0;
  /** csv.Reader.FieldsPerRecord: 0 takes the first record's count, then holds every record to it. */
  fieldsPerRecord = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /**
   * The next line with its "\n" (if any); a final "\r" without "\n" is dropped and "\r\n"
   * becomes "\n". Undefined at the end of the input.
   */
  private readLine(): Uint8Array | undefined {
    if (this.pos >= this.bytes.length) return undefined;
    const newline = this.bytes.indexOf(NEWLINE, this.pos);
    const end = newline < 0 ? this.bytes.length : newline + 1;
    let line = this.bytes.slice(this.pos, end);
    this.pos = end;
    this.lineNumber++;
    if (newline < 0 && line.at(-1) === CR) line = line.subarray(0, -1);
    const n = line.length;
    if (n >= 2 && line[n - 2] === CR && line[n - 1] === NEWLINE) {
      line[n - 2] = NEWLINE;
      line = line.subarray(0, n - 1);
    }
    return line;
  }

  /** Reader.Read: the next record's fields, or undefined at the end (Go's io.EOF). */
  read(): string[] | undefined {
    let line: Uint8Array | undefined;
    // Skip empty lines.
    do line = this.readLine();
    while (line !== undefined && line.length === lengthNewline(line));
    if (line === undefined) return undefined;

    const recordLine = this.lineNumber;
    const fields: string[] = [];
    let field: number[] = [];
    const take = (from: Uint8Array, start: number, end: number) => {
      for (let k = start; k < end; k++) field.push(from[k]!);
    };
    const endField = () => {
      fields.push(utf8Text(Uint8Array.from(field)));
      field = [];
    };
    let position = { line: this.lineNumber, column: 1 };

    parseFields: for (;;) {
      if (line.length === 0 || line[0] !== QUOTE) {
        // An unquoted field runs to the next comma or the end of the line.
        const comma = line.indexOf(COMMA);
        const end = comma >= 0 ? comma : line.length - lengthNewline(line);
        const quote = line.subarray(0, end).indexOf(QUOTE);
        if (quote >= 0) {
          throw new GoCsvParseError(recordLine, this.lineNumber, position.column + quote, "bare-quote");
        }
        take(line, 0, end);
        endField();
        if (comma < 0) break;
        line = line.subarray(comma + 1);
        position.column += comma + 1;
        continue;
      }
      // A quoted field.
      line = line.subarray(1);
      position.column += 1;
      for (;;) {
        const quote = line.indexOf(QUOTE);
        if (quote >= 0) {
          take(line, 0, quote);
          line = line.subarray(quote + 1);
          position.column += quote + 1;
          const next = line[0];
          if (next === QUOTE) {
            field.push(QUOTE);
            line = line.subarray(1);
            position.column += 1;
          } else if (next === COMMA) {
            line = line.subarray(1);
            position.column += 1;
            endField();
            continue parseFields;
          } else if (lengthNewline(line) === line.length) {
            endField();
            break parseFields;
          } else {
            throw new GoCsvParseError(recordLine, this.lineNumber, position.column - 1, "quote");
          }
        } else if (line.length > 0) {
          // The field goes on to the next line.
          take(line, 0, line.length);
          position.column += line.length;
          line = this.readLine() ?? new Uint8Array();
          if (line.length > 0) position = { line: position.line + 1, column: 1 };
        } else {
          // The input ended inside the quotes.
          throw new GoCsvParseError(recordLine, position.line, position.column, "quote");
        }
      }
    }

    if (this.fieldsPerRecord > 0) {
      if (fields.length !== this.fieldsPerRecord) {
        throw new GoCsvParseError(recordLine, recordLine, 1, "field-count");
      }
    } else if (this.fieldsPerRecord === 0) {
      this.fieldsPerRecord = fields.length;
    }
    return fields;
  }
}

function lengthNewline(line: Uint8Array): number {
  return line.length > 0 && line[line.length - 1] === NEWLINE ? 1 : 0;
}
