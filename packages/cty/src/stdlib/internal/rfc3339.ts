// RFC 3339 timestamps as go-cty's formatdate and timeadd read them (datetime_rfc3339.go and
// parseTimestamp in datetime.go). go-cty accepts exactly "YYYY-MM-DDThh:mm:ss[.frac](Z|±hh:mm)"
// with every field in range. For anything else it asks Go's time.Parse with the RFC3339 layout
// where the text went wrong, and rewords the answer, so the messages follow time.Parse's
// general parser step by step: which layout element it was reading ("2006", "01", "T", ":",
// "Z07:00", …) and what text was left at that point. This module reproduces both parsers on
// the UTF-8 bytes of the text, as Go indexes strings by byte.
import { goQuoteBytes } from "../../internal/text/go-quote.js";
import { utf8Bytes, utf8Text } from "../../internal/text/go-utf8.js";
import type { Timestamp } from "../go/civil-time.js";
import { timeQuote } from "../go/duration.js";

/** time.Time{}: what go-cty's parser hands back in the one case it neither parses nor fails. */
const zeroTime: Timestamp = {
  year: 1,
  month: 1,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
  nanosecond: 0,
  offsetSeconds: 0,
};

const RFC3339 = "2006-01-02T15:04:05Z07:00";

/** time.ParseError's fields that go-cty's messages depend on. */
interface ParseFailure {
  readonly layoutElem: string;
  readonly valueElem: Uint8Array;
  readonly message: string;
}

const isDigitAt = (s: Uint8Array, i: number) => {
  const c = s[i];
  return c !== undefined && c >= 0x30 && c <= 0x39;
};

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(month: number, year: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** Digits after a '.' (or ','), as nanoseconds: at most nine count. */
function nanoseconds(s: Uint8Array, end: number): number {
  const digits = utf8Text(s, 1, Math.min(end, 10));
  return Number(digits) * 10 ** (9 - digits.length);
}

/** go-cty's own strict parser; undefined where the text is not exactly RFC 3339. */
function parseStrict(s: Uint8Array): Timestamp | undefined {
  if (s.length < 19) return undefined;
  let ok = true;
  const field = (start: number, end: number, min: number, max: number) => {
    let x = 0;
    for (let i = start; i < end; i++) {
      if (!isDigitAt(s, i)) {
        ok = false;
        return min;
      }
      x = x * 10 + s[i]! - 0x30;
    }
    if (x < min || x > max) {
      ok = false;
      return min;
    }
    return x;
  };
  const year = field(0, 4, 0, 9999);
  const month = field(5, 7, 1, 12);
  const day = field(8, 10, 1, daysInMonth(month, year));
  const hour = field(11, 13, 0, 23);
  const minute = field(14, 16, 0, 59);
  const second = field(17, 19, 0, 59);
  if (!ok || s[4] !== 0x2d || s[7] !== 0x2d || s[10] !== 0x54 || s[13] !== 0x3a || s[16] !== 0x3a) {
    return undefined;
  }
  let rest = s.subarray(19);
  let nanosecond = 0;
  if (rest.length >= 2 && rest[0] === 0x2e && isDigitAt(rest, 1)) {
    let n = 2;
    while (isDigitAt(rest, n)) n++;
    nanosecond = nanoseconds(rest, n);
    rest = rest.subarray(n);
  }
  let offsetSeconds = 0;
  if (rest.length !== 1 || rest[0] !== 0x5a) {
    if (rest.length !== 6) return undefined;
    const base = s.length - 6;
    const hours = field(base + 1, base + 3, 0, 23);
    const minutes = field(base + 4, base + 6, 0, 59);
    if (!ok || !(rest[0] === 0x2d || rest[0] === 0x2b) || rest[3] !== 0x3a) return undefined;
    offsetSeconds = (hours * 60 + minutes) * 60 * (rest[0] === 0x2d ? -1 : 1);
  }
  return { year, month, day, hour, minute, second, nanosecond, offsetSeconds };
}

/**
 * time.Parse(time.RFC3339, s) through its general layout parser: undefined when it accepts
 * the text, else the ParseError it gives.
 */
function goTimeParseFailure(s: Uint8Array): ParseFailure | undefined {
  let v = s; // what is left of the value
  const fail = (layoutElem: string, valueElem: Uint8Array, message = ""): ParseFailure => ({
    layoutElem,
    valueElem,
    message,
  });
  /** Go's getnum: one or two digits (exactly two when fixed). */
  const getnum = (fixed: boolean): number | undefined => {
    if (!isDigitAt(v, 0)) return undefined;
    if (!isDigitAt(v, 1)) {
      if (fixed) return undefined;
      const n = v[0]! - 0x30;
      v = v.subarray(1);
      return n;
    }
    const n = (v[0]! - 0x30) * 10 + (v[1]! - 0x30);
    v = v.subarray(2);
    return n;
  };
  const skip = (prefix: number): boolean => {
    if (v[0] !== prefix) return false;
    v = v.subarray(1);
    return true;
  };

  // "2006"
  if (v.length < 4 || !isDigitAt(v, 0) || ![1, 2, 3].every((i) => isDigitAt(v, i))) return fail("2006", v);
  const year = Number(utf8Text(v, 0, 4));
  v = v.subarray(4);
  // "-01"
  if (!skip(0x2d)) return fail("-", v);
  let hold = v;
  const month = getnum(true);
  if (month === undefined) return fail("01", hold);
  if (month < 1 || month > 12) return fail("01", v, ": month out of range");
  // "-02"
  if (!skip(0x2d)) return fail("-", v);
  hold = v;
  const day = getnum(true);
  if (day === undefined) return fail("02", hold);
  // "T15"
  if (!skip(0x54)) return fail("T", v);
  hold = v;
  const hour = getnum(false);
  if (hour !== undefined && hour >= 24) return fail("15", v, ": hour out of range");
  if (hour === undefined) return fail("15", hold);
  // ":04"
  if (!skip(0x3a)) return fail(":", v);
  hold = v;
  const minute = getnum(true);
  if (minute !== undefined && minute >= 60) return fail("04", v, ": minute out of range");
  if (minute === undefined) return fail("04", hold);
  // ":05", and a fraction the layout does not mention
  if (!skip(0x3a)) return fail(":", v);
  hold = v;
  const second = getnum(true);
  if (second === undefined) return fail("05", hold);
  if (second >= 60) return fail("05", v, ": second out of range");
  if (v.length >= 2 && (v[0] === 0x2e || v[0] === 0x2c) && isDigitAt(v, 1)) {
    let n = 2;
    while (isDigitAt(v, n)) n++;
    v = v.subarray(n);
  }
  // "Z07:00"
  hold = v;
  if (v[0] === 0x5a) {
    v = v.subarray(1);
  } else {
    if (v.length < 6 || v[3] !== 0x3a) return fail("Z07:00", hold);
    const sign = v[0];
    const hh = v.subarray(1, 3);
    const mm = v.subarray(4, 6);
    v = v.subarray(6);
    const twoDigits = (d: Uint8Array) =>
      isDigitAt(d, 0) && isDigitAt(d, 1) ? (d[0]! - 0x30) * 10 + d[1]! - 0x30 : undefined;
    const hours = twoDigits(hh);
    const minutes = hours === undefined ? 0 : twoDigits(mm);
    let range = "";
    if ((hours ?? 0) > 24) range = "time zone offset hour";
    if ((minutes ?? 0) > 60) range = "time zone offset minute";
    if (range) return fail("Z07:00", v, `: ${range} out of range`);
    if (hours === undefined || minutes === undefined || (sign !== 0x2b && sign !== 0x2d))
      return fail("Z07:00", hold);
  }
  // (go-cty shows the element, not this message, for extra text.)
  if (v.length !== 0) return fail("", v, `: extra text: ${timeQuote(v)}`);
  if (day < 1 || day > daysInMonth(month, year)) return fail("", v, ": day out of range");
  return undefined;
}

/**
 * go-cty's parseStrictRFC3339: the strict parse, else time.Parse's error, else (where
 * time.Parse accepts what the strict parser does not) the checks go-cty adds for those cases.
 */
function parseStrictRFC3339(s: Uint8Array): Timestamp | ParseFailure {
  const parsed = parseStrict(s);
  if (parsed !== undefined) return parsed;
  const failure = goTimeParseFailure(s);
  if (failure !== undefined) return failure;
  const twoDigitsAt = (i: number) => (s[i]! - 0x30) * 10 + (s[i + 1]! - 0x30);
  if (s[12] === 0x3a) {
    return { layoutElem: "15", valueElem: s.subarray(11, 12), message: ": hour must have two digits" };
  }
  if (s[19] === 0x2c) {
    return { layoutElem: ".", valueElem: utf8Bytes(","), message: ": sub-second separator must be a period" };
  }
  if (s[s.length - 1] !== 0x5a) {
    if (twoDigitsAt(s.length - 5) >= 24) {
      return {
        layoutElem: "Z07:00",
        valueElem: s.subarray(s.length - 6),
        message: ": timezone hour out of range",
      };
    }
    if (twoDigitsAt(s.length - 2) >= 60) {
      return {
        layoutElem: "Z07:00",
        valueElem: s.subarray(s.length - 6),
        message: ": timezone minute out of range",
      };
    }
    // go-cty falls out of its checks here and returns the zero time with no error.
    return zeroTime;
  }
  return { layoutElem: RFC3339, valueElem: s, message: "" };
}

const segmentNames: Readonly<Record<string, string>> = {
  "2006": "year",
  "01": "month",
  "02": "day of month",
  "15": "hour",
  "04": "minute",
  "05": "second",
  "Z07:00": "UTC offset",
};

/** go-cty's parseTimestamp: the timestamp, or an Error with go-cty's message. */
export function parseTimestamp(text: string): Timestamp {
  const parsed = parseStrictRFC3339(utf8Bytes(text));
  if (!("layoutElem" in parsed)) return parsed;
  const { layoutElem, valueElem, message } = parsed;
  const invalid = (why: string) => new Error(`not a valid RFC3339 timestamp${why}`);
  if (layoutElem === "" && valueElem.length === 0 && message !== "") throw invalid(message);
  if (layoutElem === "T") throw invalid(": missing required time introducer 'T'");
  if (layoutElem === ":" || layoutElem === "-") {
    if (valueElem.length === 0) throw invalid(`: end of string where "${layoutElem}" is expected`);
    throw invalid(`: found ${goQuoteBytes(valueElem)} where "${layoutElem}" is expected`);
  }
  const what = segmentNames[layoutElem] ?? "timestamp segment";
  if (valueElem.length === 0) throw invalid(`: end of string before ${what}`);
  if (what === "hour" && valueElem.includes(0x3a)) throw invalid(": hour must be between 0 and 23 inclusive");
  if (what === "hour" && valueElem.length !== 2) throw invalid(": hour must have exactly two digits");
  if (what === "minute" && valueElem.length !== 2) throw invalid(": minute must have exactly two digits");
  throw invalid(`: cannot use ${goQuoteBytes(valueElem)} as ${what}`);
}
