// Go standard library, package time: a time.Time in a fixed zone, with its Add, Weekday and
// Format (the year, the UTC offset, the RFC3339 layout), reimplemented for go-cty's formatdate
// and timeadd.
//
// Calendar arithmetic for timestamps that keep their own UTC offset, as Go's time.Time does
// in a fixed zone: proleptic Gregorian dates (years before 1 and after 9999 included), exact
// nanoseconds in bigint, and Go's time.RFC3339 text. Nothing here looks at the machine's zone.

/** A time.Time in a fixed zone: its wall-clock fields and its UTC offset (kept, never converted). */
export interface Timestamp {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly nanosecond: number;
  /** Seconds east of UTC. */
  readonly offsetSeconds: number;
}

/** Days from 1970-01-01 to the date (negative before it). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The date `days` after 1970-01-01. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** 0 for Sunday through 6 for Saturday. */
export function weekday(year: number, month: number, day: number): number {
  // 1970-01-01 was a Thursday.
  return (((daysFromCivil(year, month, day) + 4) % 7) + 7) % 7;
}

const nanosPerSecond = 1_000_000_000n;
const secondsPerDay = 86_400n;

/** The instant, in nanoseconds since 1970-01-01T00:00:00Z. */
function instantNanos(t: Timestamp): bigint {
  const localSeconds =
    BigInt(daysFromCivil(t.year, t.month, t.day)) * secondsPerDay +
    BigInt(t.hour * 3600 + t.minute * 60 + t.second);
  return (localSeconds - BigInt(t.offsetSeconds)) * nanosPerSecond + BigInt(t.nanosecond);
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** The timestamp `nanos` later (earlier when negative), in the same UTC offset. */
export function addNanoseconds(t: Timestamp, nanos: bigint): Timestamp {
  const instant = instantNanos(t) + nanos;
  const local = instant + BigInt(t.offsetSeconds) * nanosPerSecond;
  const seconds = floorDiv(local, nanosPerSecond);
  const days = floorDiv(seconds, secondsPerDay);
  const secondOfDay = Number(seconds - days * secondsPerDay);
  return {
    ...civilFromDays(Number(days)),
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
    nanosecond: Number(local - seconds * nanosPerSecond),
    offsetSeconds: t.offsetSeconds,
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A year as Go's time formatting writes "2006": at least four digits, a '-' before negatives. */
export function goYear(year: number): string {
  return year < 0 ? `-${pad(-year, 4)}` : pad(year, 4);
}

/** The offset as Go's "-07:00" (colon) or "-0700" layout writes it. */
export function goOffset(offsetSeconds: number, colon: boolean): string {
  const minutes = Math.trunc(offsetSeconds / 60);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}${colon ? ":" : ""}${pad(abs % 60, 2)}`;
}

/** Go's t.Format(time.RFC3339): no fraction of a second; "Z" for a zero offset. */
export function formatRFC3339(t: Timestamp): string {
  const zone = t.offsetSeconds === 0 ? "Z" : goOffset(t.offsetSeconds, true);
  return `${goYear(t.year)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}${zone}`;
}
