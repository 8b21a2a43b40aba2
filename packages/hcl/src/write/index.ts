/**
 * Writing HCL: source text formatted as `terraform fmt` formats it, and values and bodies written
 * as HCL text.
 *
 * @packageDocumentation
 */
// Writing HCL: source text laid out as `terraform fmt` lays it out, and cty values and bodies
// as HCL text, byte for byte as hashicorp's hclwrite (and Terraform's fmt command) writes them.
export { type AttributeToWrite, type BlockToWrite, type BodyToWrite, writeBody } from "./body.js";
export { formatHcl, formatHclBytes } from "./format.js";
export { formatTerraform, formatTerraformBytes, type TerraformFormatResult } from "./terraform.js";
export { valueToHcl } from "./value.js";
