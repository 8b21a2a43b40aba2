// The text formats the format validators of validate.ts check: RFC 3339 timestamps as
// Terraform reads them, IP addresses and CIDR prefixes. Each parser says what it found or
// undefined; the validators turn that into messages.

/**
 * Whether `text` is a timestamp as Terraform's `formatdate` and `timeadd` read it (go-cty's
 * strict RFC 3339 parser, which @tsvider/cty's stdlib/internal/rfc3339.ts reproduces) and
 * `timestamp()` writes it: exactly `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`, upper-case `T`
 * and `Z`, every field two digits (the year four) and in range, the day in its month.
 * Go's time.Parse falls back to a laxer parser for text outside that form (one-digit hours, a
 * comma before the fraction), and go-cty then reads some of it as the year 1; such text is
 * refused here, as it never means what was written.
 */
export function isRfc3339(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  // The offset's hours and minutes, when there is one: go-cty's range is 0-23 and 0-59.
  if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return false;
  return true;
}

function daysInMonth(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** An IP address: its version and its bytes (4 or 16), most significant first. */
export interface ParsedIp {
  readonly version: 4 | 6;
  readonly bytes: readonly number[];
}

/**
 * An IPv4 address in dotted decimal (`192.0.2.10`: four numbers 0-255, no leading zeros, which
 * some parsers read as octal), or an IPv6 address in the text forms of RFC 4291 section 2.2
 * (`2001:db8::1`, `::ffff:192.0.2.10`), without a zone (`%eth0`), which Go's net.ParseIP and
 * cloud APIs refuse. Undefined for anything else.
 */
export function parseIp(text: string): ParsedIp | undefined {
  if (text.includes(":")) {
    const bytes = parseIpv6(text);
    return bytes && { version: 6, bytes };
  }
  const bytes = parseIpv4(text);
  return bytes && { version: 4, bytes };
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    bytes.push(n);
  }
  return bytes;
}

function parseIpv6(text: string): number[] | undefined {
  // At most one "::", which stands for one or more groups of zeros.
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): number[] | undefined => {
    if (half === "") return [];
    const out: number[] = [];
    const pieces = half.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        // The last 32 bits may be written as an IPv4 address.
        const v4 = parseIpv4(piece);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        out.push(Number.parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return undefined;
  // An IPv4 part is only allowed at the very end.
  if (halves.length === 2 && halves[0]!.includes(".")) return undefined;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return undefined;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    if (head.length !== 8) return undefined;
    groups = head;
  }
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/** A CIDR prefix: its address, its prefix length, and the first address of its network. */
export interface ParsedCidr extends ParsedIp {
  readonly prefixLength: number;
  /** The address with every bit after the prefix cleared, written out. */
  readonly network: string;
  /** Whether bits after the prefix are set: `10.0.0.1/16`. */
  readonly hostBitsSet: boolean;
}

/**
 * `address/length`: an address as parseIp reads it and a prefix length in decimal without
 * leading zeros, at most 32 for IPv4 and 128 for IPv6. Undefined for anything else.
 */
export function parseCidr(text: string): ParsedCidr | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const ip = parseIp(text.slice(0, slash));
  const lengthText = text.slice(slash + 1);
  if (!ip || !/^(0|[1-9]\d{0,2})$/.test(lengthText)) return undefined;
  const prefixLength = Number(lengthText);
  if (prefixLength > ip.bytes.length * 8) return undefined;
  const masked = ip.bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, prefixLength - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return {
    ...ip,
    prefixLength,
    network: `${formatIp({ version: ip.version, bytes: masked })}/${prefixLength}`,
    hostBitsSet: masked.some((byte, i) => byte !== ip.bytes[i]),
  };
}

/** An address written in its usual form: dotted decimal, or RFC 5952's IPv6 form. */
export function formatIp(ip: ParsedIp): string {
  if (ip.version === 4) return ip.bytes.join(".");
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((ip.bytes[i]! << 8) | ip.bytes[i + 1]!);
  // The longest run of two or more zero groups, the first of equals, becomes "::".
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(":");
  if (best.start < 0) return hex(groups);
  return `${hex(groups.slice(0, best.start))}::${hex(groups.slice(best.start + best.length))}`;
}
