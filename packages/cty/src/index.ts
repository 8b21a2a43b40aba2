export { valuesEqual } from "./equality.js";
export { CtyValueError, formatPath, type Path, type PathStep } from "./path.js";
export {
  bool,
  type CtyType,
  compareBytewise,
  friendlyName,
  number,
  type ObjectType,
  object,
  type PrimitiveKind,
  type PrimitiveType,
  sortedAttributeNames,
  string,
  typeEquals,
  typeFromJSON,
  typeToJSON,
} from "./types.js";
export {
  type CtyNumber,
  type CtyValue,
  Decimal,
  isUnknown,
  normalizeDecimalText,
  numberFromDecimalText,
  numbersEqual,
  numberText,
  Unknown,
} from "./values.js";
