// Type expressions as source text for property tests: valid ones (`list(object({a =
// optional(string, "x")}))`) and every way hcl's ext/typeexpr refuses one (unknown keywords,
// wrong argument counts, bad keys, duplicate keys, misplaced `optional`, bad defaults).
import fc from "fast-check";

const keyNames = ["a", "b", "c", "é", "x-y"] as const;

/** Default values for `optional(T, default)`, valid and not (a variable is an error there). */
const defaultText = fc.constantFrom(
  '"x"',
  "1",
  "true",
  "null",
  "[1, 2]",
  '["a"]',
  "{a = 1}",
  '{a = "s", b = true}',
  "[]",
  "{}",
  "var.x",
  "1 + 1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
  '"${1}"',
  "tostring(1)",
);

/**
 * Type expression text up to `depth` levels deep. With `validOnly`, only what all three of
 * hcl's readers (exact type, constraint, constraint with defaults) may still refuse by mode
 * (`any`, `optional`) or by a default value, never by shape; `withAny` false leaves `any` out.
 */
export function typeExprArb(depth = 3, validOnly = false, withAny = true): fc.Arbitrary<string> {
  const leaf = validOnly
    ? fc.constantFrom("string", "number", "bool", ...(withAny ? ["any"] : []))
    : fc.constantFrom(
        "string",
        "number",
        "bool",
        "any",
        "list",
        "map",
        "set",
        "object",
        "tuple",
        "optional",
        "foo",
        "null",
        "true",
        '"string"',
        "1",
        "a.b",
        "string()",
        "any(1)",
        "list()",
        "object()",
        "tuple()",
        "foo(string)",
        "optional(string)",
        "[string]",
        "{a = string}",
        "(string)",
      );
  if (depth === 0) return leaf;
  const inner = typeExprArb(depth - 1, validOnly, withAny);
  const key = validOnly
    ? fc.constantFrom(...keyNames.filter((k) => /^[a-z]+$/.test(k)))
    : fc.constantFrom(...keyNames.map((k) => (/^[a-z-]+$/.test(k) ? k : `"${k}"`)), "(a)", '"a"', "a.b", "1");
  const attrType = validOnly
    ? fc.oneof(
        { weight: 3, arbitrary: inner },
        { weight: 1, arbitrary: inner.map((t) => `optional(${t})`) },
        {
          weight: 1,
          arbitrary: fc.tuple(inner, defaultText).map(([t, d]) => `optional(${t}, ${d})`),
        },
      )
    : fc.oneof(
        { weight: 3, arbitrary: inner },
        { weight: 1, arbitrary: inner.map((t) => `optional(${t})`) },
        { weight: 1, arbitrary: fc.tuple(inner, defaultText).map(([t, d]) => `optional(${t}, ${d})`) },
        { weight: 1, arbitrary: fc.constantFrom("optional()", "optional(string, 1, 2)") },
      );
  const attrs = fc
    .array(fc.tuple(key, attrType), { maxLength: 3 })
    .map((items) => items.map(([k, t]) => `${k} = ${t}`));
  const objectText = (validOnly ? attrs.map(uniqueKeys) : attrs).map(
    (items) => `object({${items.join(", ")}})`,
  );
  const structured = fc.oneof(
    inner.map((t) => `list(${t})`),
    inner.map((t) => `set(${t})`),
    inner.map((t) => `map(${t})`),
    objectText,
    fc.array(inner, { maxLength: 3 }).map((ts) => `tuple([${ts.join(", ")}])`),
  );
  if (validOnly) return fc.oneof({ weight: 1, arbitrary: leaf }, { weight: 3, arbitrary: structured });
  const broken = fc.oneof(
    fc
      .tuple(fc.constantFrom("list", "set", "map", "object", "tuple"), inner, inner)
      .map(([c, a, b]) => `${c}(${a}, ${b})`),
    inner.map((t) => `object(${t})`),
    inner.map((t) => `tuple(${t})`),
    inner.map((t) => `optional(${t})`),
    inner.map((t) => `string(${t})`),
    inner.map((t) => `any(${t})`),
    inner.map((t) => `bogus(${t})`),
    inner.map((t) => `list(${t}...)`),
  );
  return fc.oneof(
    { weight: 2, arbitrary: leaf },
    { weight: 4, arbitrary: structured },
    { weight: 1, arbitrary: broken },
  );
}

/** Drops object items whose key came before, so that a valid object has unique keys. */
function uniqueKeys(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = item.slice(0, item.indexOf(" ="));
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A JSON document holding type expression text: as a string, or broken shapes around it. */
export function jsonTypeExprArb(depth = 3): fc.Arbitrary<string> {
  const text = typeExprArb(depth);
  return fc.oneof(
    { weight: 6, arbitrary: text.map((t) => JSON.stringify(t)) },
    { weight: 1, arbitrary: text.map((t) => ` \n  ${JSON.stringify(t)}`) },
    { weight: 1, arbitrary: text.map((t) => `[${JSON.stringify(t)}]`) },
    { weight: 1, arbitrary: text.map((t) => `{"a": ${JSON.stringify(t)}}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("1", "null", "true", '"  string"', '"string "', '"\\u0073tring"'),
    },
  );
}
