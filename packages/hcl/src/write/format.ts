// formatHcl: native-syntax HCL laid out canonically, byte for byte as hclwrite.Format does.
// Only whitespace between tokens changes; like hclwrite it works on the tokens alone, so text
// with syntax errors is formatted too (perhaps not prettily). `terraform fmt` does more (it
// refuses syntax errors and rewrites some expressions and labels): formatTerraform.

import { scanTokens } from "../native/scanner.js";
import { initialPos } from "../pos.js";
import { layOut, layoutTokens, writeTokens } from "./layout.js";

const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF that formatting leaves at the start is text, not a mark to drop.
const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** The canonical layout of native-syntax HCL source text. */
export function formatHcl(src: string): string {
  return decoder.decode(formatHclBytes(encoder.encode(src)));
}

/**
 * The canonical layout of native-syntax HCL source bytes; bytes that are not valid UTF-8 pass
 * through unchanged, as hclwrite leaves them.
 */
export function formatHclBytes(src: Uint8Array): Uint8Array {
  const tokens = layoutTokens(src, scanTokens(src, "", initialPos, "normal"));
  layOut(tokens);
  return writeTokens(tokens);
}
