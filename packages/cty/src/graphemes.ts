// Grapheme clusters as go-cty counts them. go-cty splits text with go-textseg v15's scanner,
// a Ragel machine whose tokens approximate Unicode 15.0's UAX #29 rules; the approximation
// differs from the standard (and from Intl.Segmenter) in a few places, which we follow:
//   - U+FFFD is a cluster of its own, as a control character is: marks after it start anew;
//   - a ZWJ followed by an Extended_Pictographic joins after any cluster that takes
//     extensions (Hangul syllables, flags, emoji with spacing marks between), not only after
//     an emoji;
//   - a Hangul L followed by an LV syllable takes no T after it;
//   - there is no Indic conjunct rule (Unicode 15.1's GB9c): a virama does not join the next
//     consonant;
//   - U+E00C0..U+E00FF are not Control (a gap in go-textseg's generated table).
// Each cluster is the longest match of one token at the current position; the token is
// chosen by the class of its first code point.
import {
  GraphemeClass as G,
  graphemeClass,
  isExtendedPictographic,
  nfcProperties,
} from "./internal/text/unicode15.js";

const REPLACEMENT_CHARACTER = 0xfffd;

/** The string's code points. */
export function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

/** The text of cps[start, end), built in chunks (spreading a long array would overflow the stack). */
export function fromCodePoints(cps: readonly number[], start = 0, end = cps.length): string {
  let out = "";
  for (let i = start; i < end; i += 4096)
    out += String.fromCodePoint(...cps.slice(i, Math.min(i + 4096, end)));
  return out;
}

/**
 * The length, in code points, of the token go-textseg recognizes at cps[i], or 0 when none
 * starts there (a CR not followed by LF, or an LF): its scanner then asks for more input, or at
 * the end of input takes one code point.
 */
function tokenLength(cps: readonly number[], i: number): number {
  const cp = cps[i]!;
  const cls = graphemeClass(cp);
  if (cls === G.CR) return cps[i + 1] !== undefined && graphemeClass(cps[i + 1]!) === G.LF ? 2 : 0;
  if (cls === G.LF) return 0;
  if (cls === G.Control || cp === REPLACEMENT_CHARACTER) return 1;
  if (cls === G.Prepend) {
    let j = i;
    while (j < cps.length && graphemeClass(cps[j]!) === G.Prepend) j++;
    if (j < cps.length) j += tokenAfterPrepend(cps, j);
    return j - i;
  }
  return tokenAfterPrepend(cps, i);
}

/** The tokens that may also follow Prepend characters; 0 when none starts at cps[i]. */
function tokenAfterPrepend(cps: readonly number[], i: number): number {
  const cp = cps[i]!;
  const cls = graphemeClass(cp);
  let j: number;
  switch (cls) {
    case G.CR:
    case G.LF:
    case G.Control:
    case G.Prepend:
      return 0;
    case G.L:
    case G.V:
    case G.T:
    case G.LV:
    case G.LVT:
      j = extension(cps, hangulSyllable(cps, i));
      return j - i;
    case G.ZWJ:
      j = i + 1;
      while (j < cps.length && isPlainExtender(graphemeClass(cps[j]!))) j++;
      return j - i;
    case G.RegionalIndicator:
      j = i + 1;
      if (j < cps.length && graphemeClass(cps[j]!) === G.RegionalIndicator) j++;
      return extension(cps, j) - i;
    default:
      if (cp === REPLACEMENT_CHARACTER) return 0;
      if (isExtendedPictographic(cp)) return extension(cps, i + 1) - i;
      j = i + 1;
      while (j < cps.length && isPlainExtender(graphemeClass(cps[j]!))) j++;
      return j - i;
  }
}

function isPlainExtender(cls: G): boolean {
  return cls === G.Extend || cls === G.ZWJ || cls === G.SpacingMark;
}

/**
 * The end of the extensions from `start`: Extend, SpacingMark and ZWJ characters, where a
 * ZWJ may also glue on an Extended_Pictographic character.
 */
function extension(cps: readonly number[], start: number): number {
  let j = start;
  while (j < cps.length) {
    const cp = cps[j]!;
    if (isPlainExtender(graphemeClass(cp))) j++;
    else if (j > start && graphemeClass(cps[j - 1]!) === G.ZWJ && isExtendedPictographic(cp)) j++;
    else break;
  }
  return j;
}

/** The end of the Hangul syllable sequence that starts at cps[i] (an L, V, T, LV or LVT). */
function hangulSyllable(cps: readonly number[], i: number): number {
  const at = (j: number) => (j < cps.length ? graphemeClass(cps[j]!) : G.Other);
  const run = (j: number, cls: G) => {
    while (at(j) === cls) j++;
    return j;
  };
  let j = i;
  switch (at(j)) {
    case G.L:
      j = run(j, G.L);
      if (at(j) === G.LV) {
        // L+ LV takes V+ T* after it, or nothing at all.
        return at(j + 1) === G.V ? run(run(j + 1, G.V), G.T) : j + 1;
      }
      if (at(j) === G.V) return run(run(j, G.V), G.T);
      if (at(j) === G.LVT) return run(j + 1, G.T);
      return j;
    case G.LV:
      return run(run(j + 1, G.V), G.T);
    case G.V:
      return run(run(j, G.V), G.T);
    case G.LVT:
      return run(j + 1, G.T);
    default:
      return run(j, G.T);
  }
}

/** The length in code points of the cluster at cps[i], as ScanGraphemeClusters at EOF. */
export function clusterLength(cps: readonly number[], i: number): number {
  return tokenLength(cps, i) || 1;
}

/** The grapheme clusters of the string, as go-cty splits it. */
export function graphemeClusters(s: string): string[] {
  const cps = codePoints(s);
  const out: string[] = [];
  for (let i = 0; i < cps.length; ) {
    const n = clusterLength(cps, i);
    out.push(fromCodePoints(cps, i, i + n));
    i += n;
  }
  return out;
}

/** How many grapheme clusters the string has (go-cty's strlen). */
export function graphemeCount(s: string): number {
  const cps = codePoints(s);
  let count = 0;
  for (let i = 0; i < cps.length; i += clusterLength(cps, i)) count++;
  return count;
}

// Characters that cannot join anything after them into one cluster, which a safe prefix may
// end with (go-cty's list: delimiters common in text read by both people and programs).
const alwaysEndsCluster = new Set(Array.from("-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'", (c) => c.codePointAt(0)!));

const MAX_NON_STARTERS = 30;

/**
 * go-cty's ctystrings.SafeKnownPrefix: the part of a known prefix (NFC) that stays a prefix
 * whatever text follows it. Normalization could change the last starter and what follows it;
 * failing that, the last grapheme cluster could grow, unless it is one of a few delimiters.
 */
export function safeKnownPrefix(prefix: string): string {
  const cps = codePoints(prefix.normalize("NFC"));
  const boundary = lastNormalizationBoundary(cps);
  if (boundary !== -1 && boundary !== cps.length) return fromCodePoints(cps, 0, boundary);

  // Walk the clusters as a scanner that does not know the input has ended would: it stops
  // where no token starts (a lone CR or LF), and the last cluster it saw is suspect.
  let previous = 0;
  let current = 0;
  while (current < cps.length) {
    const n = tokenLength(cps, current);
    previous = current;
    current += n || 1;
    if (n === 0) break;
  }
  const suspect = cps.slice(previous, current);
  const end = suspect.length === 1 && alwaysEndsCluster.has(suspect[0]!) ? current : previous;
  return fromCodePoints(cps, 0, end);
}

/**
 * norm.NFC.LastBoundary for valid text: the index (in code points) of the last place where
 * normalization could not join what comes before with what comes after, or -1 for none.
 */
function lastNormalizationBoundary(cps: readonly number[]): number {
  if (cps.length === 0) return -1;
  let p = cps.length - 1;
  let info = nfcProperties(cps[p]!);
  if (info.inert) return cps.length;
  let nonStarters = info.trailingNonStarters;
  if (nonStarters > MAX_NON_STARTERS) return p;
  let isStarter = info.leadingNonStarters === 0;
  let i = p;
  while (!isStarter) {
    p = i - 1;
    if (p < 0) return -1;
    info = nfcProperties(cps[p]!);
    nonStarters += info.trailingNonStarters;
    if (nonStarters > MAX_NON_STARTERS) return i;
    isStarter = info.leadingNonStarters === 0;
    i = p;
  }
  return i;
}
