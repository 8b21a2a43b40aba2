// formatHcl: native-syntax HCL laid out canonically, byte for byte as hclwrite.Format (and so
// `terraform fmt`) does. Only whitespace between tokens changes; like hclwrite it works on the
// tokens alone, so text with syntax errors is formatted too (perhaps not prettily).

import { scanTokens } from "../native/scanner.js";
import { initialPos } from "../pos.js";
import { type LayoutToken, layOut, writeTokens } from "./layout.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** The canonical layout of native-syntax HCL source text. */
export function formatHcl(src: string): string {
  return decoder.decode(formatHclBytes(encoder.encode(src)));
}

/**
 * The canonical layout of native-syntax HCL source bytes; bytes that are not valid UTF-8 pass
 * through unchanged, as hclwrite leaves them.
 */
export function formatHclBytes(src: Uint8Array): Uint8Array {
  const scanned = scanTokens(src, "", initialPos, "normal");
  const tokens: LayoutToken[] = [];
  let lastEnd = 0;
  for (const t of scanned) {
    // hclwrite counts the bytes between tokens as spaces (a leading BOM too, which is how a
    // BOM disappears from formatted text).
    tokens.push({
      type: t.type,
      bytes: src.subarray(t.start, t.end),
      spacesBefore: t.range.start.byte - lastEnd,
    });
    lastEnd = t.range.end.byte;
  }
  layOut(tokens);
  return writeTokens(tokens);
}
