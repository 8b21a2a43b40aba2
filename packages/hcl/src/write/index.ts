// Writing HCL: source text laid out as `terraform fmt` lays it out, and cty values as HCL
// expression text, both byte for byte as hashicorp's hclwrite does.
export { formatHcl, formatHclBytes } from "./format.js";
export { valueToHcl } from "./value.js";
