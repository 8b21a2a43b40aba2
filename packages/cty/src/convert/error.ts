// The error a conversion throws when a value does not convert: go-cty's message text, and the
// path inside the value where it failed (go-cty's cty.PathError).
import { CtyValueError, type Path } from "../path.js";

export class ConversionError extends CtyValueError {
  constructor(path: Path, reason: string) {
    super(path, reason);
    this.name = "ConversionError";
  }
}
