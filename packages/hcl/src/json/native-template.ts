// The native syntax's template parser, which JSON strings are read with when evaluated in a
// context (json/spec.md, "Strings"), and its traversal parser for static traversals. Kept in one module so the JSON syntax names exactly
// what it takes from the native syntax.

export { parseExpression, parseTemplate, parseTraversalAbs } from "../native/index.js";
