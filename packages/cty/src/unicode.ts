/**
 * Go's Unicode predicates at the Unicode version go-cty and hcl are built with, for code that must
 * decide as they do.
 *
 * @packageDocumentation
 */
// Go's unicode predicates at the Unicode version go-cty and hcl are built with (15.0), for
// code that must decide as they do whatever Unicode version the JavaScript engine knows
// (hclwrite escapes a character unicode.IsPrint refuses; a newer engine would print it).
export { generalCategory, isDigit, isLetter, isPrint, isSpace } from "./internal/text/unicode15.js";
