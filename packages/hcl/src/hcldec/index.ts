/**
 * Decoding bodies to cty values by specs, as hashicorp's hcldec package does, including hcldec's
 * spec files.
 *
 * @packageDocumentation
 */
// hcldec: bodies decoded to cty values by specs, as hashicorp's hcldec package does it.

export { decodeUserFunctions } from "../ext/userfunc.js";
export {
  type BlockLabel,
  type BodyExtras,
  type DecodeResult,
  decode,
  partialDecode,
  sourceRange,
} from "./decode.js";
export { impliedType } from "./implied-type.js";
export { childBlockTypes, impliedSchema } from "./schema.js";
export type * from "./spec.js";
export { decodeSpecFile, type SpecFile } from "./spec-file.js";
export { variables } from "./variables.js";
