// go-cty stdlib: datetime.go — formatdate and timeadd, on RFC 3339 timestamps. A timestamp
// keeps the UTC offset it was written with; the machine's time zone never enters.
import { ArgumentError, defineFunction } from "../function.js";
import { utf8Bytes, utf8Text } from "../internal/text/go-utf8.js";
import { string } from "../types.js";
import { addNanoseconds, formatRFC3339, goOffset, type Timestamp, weekday } from "./go/civil-time.js";
import { parseGoDuration } from "./go/duration.js";
import { dateFormatTokens, startsVerb } from "./internal/date-format.js";
import { parseTimestamp } from "./internal/rfc3339.js";

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const pad2 = (n: number) => String(n).padStart(2, "0");

/** One verb (a run of one letter) applied to the timestamp; throws go-cty's error for a bad one. */
function formatVerb(verb: string, t: Timestamp): string {
  const bad = (why: string) => new ArgumentError(0, `invalid date format verb "${verb}"${why}`);
  const n = verb.length;
  switch (verb[0]) {
    case "Y":
      if (n === 2) return pad2(t.year % 100);
      if (n === 4) return String(t.year).padStart(4, "0");
      throw bad(': year must either be "YY" or "YYYY"');
    case "M":
      if (n === 1) return String(t.month);
      if (n === 2) return pad2(t.month);
      if (n === 3) return monthNames[t.month - 1]!.slice(0, 3);
      if (n === 4) return monthNames[t.month - 1]!;
      throw bad(': month must be "M", "MM", "MMM", or "MMMM"');
    case "D":
      if (n === 1) return String(t.day);
      if (n === 2) return pad2(t.day);
      throw bad(': day of month must either be "D" or "DD"');
    case "E": {
      const name = dayNames[weekday(t.year, t.month, t.day)]!;
      if (n === 3) return name.slice(0, 3);
      if (n === 4) return name;
      throw bad(': day of week must either be "EEE" or "EEEE"');
    }
    case "h":
      if (n === 1) return String(t.hour);
      if (n === 2) return pad2(t.hour);
      throw bad(': 24-hour must either be "h" or "hh"');
    case "H": {
      const hour = t.hour % 12 === 0 ? 12 : t.hour % 12;
      if (n === 1) return String(hour);
      if (n === 2) return pad2(hour);
      throw bad(': 12-hour must either be "H" or "HH"');
    }
    case "A":
    case "a": {
      if (n !== 2) throw bad(`: must be "${verb[0]}${verb[0]}"`);
      const marker = t.hour < 12 ? "AM" : "PM";
      return verb[0] === "A" ? marker : marker.toLowerCase();
    }
    case "m":
      if (n === 1) return String(t.minute);
      if (n === 2) return pad2(t.minute);
      throw bad(': minute must either be "m" or "mm"');
    case "s":
      if (n === 1) return String(t.second);
      if (n === 2) return pad2(t.second);
      throw bad(': second must either be "s" or "ss"');
    case "Z":
      if (n === 1) return t.offsetSeconds === 0 ? "Z" : goOffset(t.offsetSeconds, true);
      if (n === 3) return t.offsetSeconds === 0 ? "UTC" : goOffset(t.offsetSeconds, false);
      if (n === 4) return goOffset(t.offsetSeconds, false);
      if (n === 5) return goOffset(t.offsetSeconds, true);
      throw bad(": timezone must be Z, ZZZZ, or ZZZZZ");
    default:
      throw bad("");
  }
}

const QUOTE = 0x27;

/**
 * The cty function `formatDate`, a FunctionSpec to call with `callFunction`. Writes an RFC 3339
 * timestamp in another layout, spelled with letter runs such as `YYYY-MM-DD`.
 */
export const formatDate = defineFunction({
  description:
    "Writes an RFC 3339 timestamp in another layout, spelled with letter runs such as YYYY, MM, DD, EEE, hh, mm, ss and ZZZZZ; text in single quotes is copied as is ('' writes a quote). The timestamp's own UTC offset is used.",
  params: [
    { name: "format", type: string },
    { name: "time", type: string },
  ],
  returnType: string,
  refineResult: { notNull: true },
  impl: ([format, time]) => {
    let t: Timestamp;
    try {
      t = parseTimestamp(time!.value as string);
    } catch (err) {
      throw new ArgumentError(1, (err as Error).message);
    }
    // Bytes, not text: a literal token may end inside a character that the next one finishes.
    const out: number[] = [];
    const write = (bytes: Uint8Array) => {
      for (const b of bytes) out.push(b);
    };
    for (const token of dateFormatTokens(utf8Bytes(format!.value as string))) {
      if (token[0] === QUOTE) {
        if (token.length === 1 || token[token.length - 1] !== QUOTE) {
          throw new ArgumentError(0, "unterminated literal '");
        }
        if (token.length === 2) {
          out.push(QUOTE); // ''
          continue;
        }
        // The text between the quotes, with each '' written once.
        const inner = token.subarray(1, token.length - 1);
        for (let i = 0; i < inner.length; i++) {
          out.push(inner[i]!);
          if (inner[i] === QUOTE) i++;
        }
      } else if (startsVerb(token[0]!)) {
        write(utf8Bytes(formatVerb(utf8Text(token), t)));
      } else {
        write(token);
      }
    }
    return utf8Text(Uint8Array.from(out)).normalize("NFC");
  },
});

/**
 * The cty function `timeAdd`, a FunctionSpec to call with `callFunction`. Moves an RFC 3339
 * timestamp by a Go-style duration such as `"1h30m"`, keeping its UTC offset.
 */
export const timeAdd = defineFunction({
  description:
    'Moves an RFC 3339 timestamp by a Go-style duration such as "1h30m" or "-45s", and writes the new time in RFC 3339, keeping the timestamp\'s UTC offset and dropping any fraction of a second.',
  params: [
    { name: "timestamp", type: string },
    { name: "duration", type: string },
  ],
  returnType: string,
  impl: ([timestamp, duration]) => {
    const t = parseTimestamp(timestamp!.value as string);
    const nanos = parseGoDuration(duration!.value as string);
    return formatRFC3339(addNanoseconds(t, nanos));
  },
});
