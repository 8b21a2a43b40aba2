// Strings as Python's json module writes them with ensure_ascii, its default: what pyvider
// hashes (tsvider_*_map_test's data_hash) and returns (nested_data_processor) is text Python
// wrote, so the components that must give the same text share this one writer.

const shortEscapes: Readonly<Record<string, string>> = {
  '"': '\\"',
  "\\": "\\\\",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/** A string as Python's `json.dumps` writes it: printable ASCII as it is, the rest escaped. */
export function pythonString(text: string): string {
  // Everything but printable ASCII other than `"` and `\`, one UTF-16 unit at a time: beyond
  // U+FFFF that is the surrogate pair Python writes.
  return `"${text.replace(
    /[^ !#-[\]-~]/g,
    (c) => shortEscapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )}"`;
}
