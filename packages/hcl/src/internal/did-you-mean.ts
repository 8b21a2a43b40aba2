// "Did you mean ...?" suggestions as hcl makes them: the first candidate within edit
// distance 2 (Levenshtein over code points).

export function nameSuggestion(given: string, candidates: Iterable<string>): string | undefined {
  const g = [...given];
  for (const c of candidates) if (levenshtein(g, [...c]) < 3) return c;
  return undefined;
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
