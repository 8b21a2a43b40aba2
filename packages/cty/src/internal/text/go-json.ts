// JSON text exactly as Go's encoding/json writes it, for the places where go-cty's output is
// JSON written by Go (cty JSON values, type JSON) and we must match it byte for byte.

/**
 * A JSON string as Go's encoding/json writes one: besides quotes, backslashes and control
 * characters it escapes <, > and & (HTML safety) and U+2028, U+2029; a lone surrogate, which
 * has no UTF-8 form, becomes U+FFFD.
 */
export function goJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
      } else {
        out += "\\ufffd";
      }
      continue;
    }
    switch (c) {
      case 0x22:
        out += '\\"';
        break;
      case 0x5c:
        out += "\\\\";
        break;
      case 0x08:
        out += "\\b";
        break;
      case 0x0c:
        out += "\\f";
        break;
      case 0x0a:
        out += "\\n";
        break;
      case 0x0d:
        out += "\\r";
        break;
      case 0x09:
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26 || c === 0x2028 || c === 0x2029) {
          out += `\\u${c.toString(16).padStart(4, "0")}`;
        } else {
          out += s[i];
        }
    }
  }
  return `${out}"`;
}
