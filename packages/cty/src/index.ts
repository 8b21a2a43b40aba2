/**
 * cty's types and values as Terraform and OpenTofu exchange them with providers: primitive,
 * collection and structural types, unknown and marked values, exact decimal numbers, and the
 * msgpack and JSON codecs. The subpath modules hold the codecs, go-cty's conversions and its
 * function library.
 *
 * @packageDocumentation
 * @mergeModuleWith <project>
 */
export { canonicalSet, containsUnknown, valuesEqual } from "./equality.js";
export { graphemeClusters, graphemeCount, safeKnownPrefix } from "./graphemes.js";
export {
  containsMarks,
  isMarked,
  mark,
  markWithPaths,
  type PathMarks,
  unmark,
  unmarkDeep,
  unmarkDeepWithPaths,
} from "./marks.js";
export { CtyDecodeError, CtyValueError, formatPath, type Path, type PathStep } from "./path.js";
export { refine } from "./refinement.js";
export {
  bool,
  type CapsuleType,
  type CollectionType,
  type CtyType,
  capsule,
  compareBytewise,
  conformanceErrors,
  type DynamicType,
  dynamic,
  emptyObject,
  emptyTuple,
  friendlyName,
  friendlyNameForConstraint,
  hasDynamicTypes,
  isCollectionType,
  isPrimitiveType,
  list,
  map,
  number,
  type ObjectType,
  object,
  type PrimitiveKind,
  type PrimitiveType,
  parseTypeJSON,
  set,
  string,
  type TupleType,
  TypeJSONError,
  tuple,
  typeEquals,
  typeFromJSON,
  typeToJSON,
  typeToJSONText,
  withoutOptionalAttributesDeep,
} from "./types.js";
export { typeOfValue, uniformElementType } from "./value-type.js";
export {
  type CtyNumber,
  type CtyValue,
  Decimal,
  Dynamic,
  decimalFromText,
  exactDecimalOfDouble,
  isRecord,
  isUnknown,
  Marked,
  type NumberBound,
  normalizeDecimalText,
  numberFromDecimalText,
  numbersEqual,
  numberText,
  RefinedUnknown,
  type Refinements,
  Unknown,
} from "./values.js";
export { applyPath, type Located, type Transformer, transform, type Visitor, walk } from "./walk.js";
