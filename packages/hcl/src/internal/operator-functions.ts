// go-cty's operator functions are what HCL's operators call; as named functions in a context
// they would only shadow or duplicate the operators, so contexts built from the stdlib leave
// them out.
export const operatorFunctionNames: ReadonlySet<string> = new Set([
  "add",
  "subtract",
  "multiply",
  "divide",
  "modulo",
  "negate",
  "equal",
  "notEqual",
  "greaterThan",
  "greaterThanOrEqualTo",
  "lessThan",
  "lessThanOrEqualTo",
  "and",
  "or",
  "not",
]);
