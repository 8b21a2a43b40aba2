// JSON as Go's encoding/json rewrites it, for cmd/hcldec's output: a parsed document keeps
// each number's text (json.Number), and is written back compact with object keys sorted (as
// json.Marshal writes a map) or indented in its own order (json.MarshalIndent of structs),
// escaping strings as Go does (<, > and & as \u003c..., U+2028 and U+2029 too).
import { compareBytewise } from "@tsvider/cty";

export type GoJson =
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, GoJson])[] }
  | { readonly kind: "array"; readonly elements: readonly GoJson[] }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly text: string }
  | { readonly kind: "literal"; readonly text: "true" | "false" | "null" };

/**
 * Parses JSON known to be valid (our own encoder's output). Recursion follows the value's
 * depth, which the HCL parsers bound.
 */
export function parseGoJson(text: string): GoJson {
  let i = 0;
  const skip = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): GoJson => {
    skip();
    const c = text[i];
    if (c === "{") {
      i++;
      const entries: [string, GoJson][] = [];
      skip();
      if (text[i] === "}") {
        i++;
        return { kind: "object", entries };
      }
      for (;;) {
        skip();
        const key = readString();
        skip();
        i++; // the colon
        entries.push([key, value()]);
        skip();
        if (text[i++] === "}") return { kind: "object", entries };
      }
    }
    if (c === "[") {
      i++;
      const elements: GoJson[] = [];
      skip();
      if (text[i] === "]") {
        i++;
        return { kind: "array", elements };
      }
      for (;;) {
        elements.push(value());
        skip();
        if (text[i++] === "]") return { kind: "array", elements };
      }
    }
    if (c === '"') return { kind: "string", value: readString() };
    const m = /^(?:true|false|null|-?[0-9][0-9.eE+-]*)/.exec(text.slice(i, i + 100_000))!;
    i += m[0].length;
    return m[0] === "true" || m[0] === "false" || m[0] === "null"
      ? { kind: "literal", text: m[0] }
      : { kind: "number", text: m[0] };
  };
  return value();
}

/** encoding/json's string escaping. */
export function goJsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (cp < 0x20 || ch === "<" || ch === ">" || ch === "&" || cp === 0x2028 || cp === 0x2029)
      out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += "\\ufffd";
    else out += ch;
  }
  return `${out}"`;
}

/** json.Marshal of the document decoded into Go maps and slices: compact, object keys sorted. */
export function writeSorted(v: GoJson): string {
  switch (v.kind) {
    case "object": {
      const entries = [...v.entries].sort(([a], [b]) => compareBytewise(a, b));
      // A Go map keeps the last of duplicate keys.
      const unique = new Map(entries);
      return `{${[...unique].map(([k, e]) => `${goJsonString(k)}:${writeSorted(e)}`).join(",")}}`;
    }
    case "array":
      return `[${v.elements.map(writeSorted).join(",")}]`;
    case "string":
      return goJsonString(v.value);
    default:
      return v.text;
  }
}

/** json.MarshalIndent with a two-space indent, keeping the document's own key order. */
export function writeIndented(v: GoJson, indent = ""): string {
  const inner = `${indent}  `;
  switch (v.kind) {
    case "object":
      if (v.entries.length === 0) return "{}";
      return `{\n${v.entries.map(([k, e]) => `${inner}${goJsonString(k)}: ${writeIndented(e, inner)}`).join(",\n")}\n${indent}}`;
    case "array":
      if (v.elements.length === 0) return "[]";
      return `[\n${v.elements.map((e) => `${inner}${writeIndented(e, inner)}`).join(",\n")}\n${indent}]`;
    case "string":
      return goJsonString(v.value);
    default:
      return v.text;
  }
}

/** Removes, at every depth, object properties whose value is null (cmd/hcldec's default). */
export function stripNullProperties(v: GoJson): GoJson {
  switch (v.kind) {
    case "object":
      return {
        kind: "object",
        entries: v.entries
          .filter(([, e]) => !(e.kind === "literal" && e.text === "null"))
          .map(([k, e]) => [k, stripNullProperties(e)] as const),
      };
    case "array":
      return { kind: "array", elements: v.elements.map(stripNullProperties) };
    default:
      return v;
  }
}
