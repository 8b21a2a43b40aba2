// Types as Go's %#v prints go-cty's (their GoString): what go-cty's panics about inconsistent
// element types show, such as `cty.Tuple([]cty.Type{cty.String, cty.DynamicPseudoType})`.
import { goQuote } from "../../internal/text/go-quote.js";
import type { CtyType } from "../../types.js";

export function goTypeString(type: CtyType): string {
  switch (type.kind) {
    case "string":
      return "cty.String";
    case "number":
      return "cty.Number";
    case "bool":
      return "cty.Bool";
    case "dynamic":
      return "cty.DynamicPseudoType";
    case "list":
      return `cty.List(${goTypeString(type.element)})`;
    case "set":
      return `cty.Set(${goTypeString(type.element)})`;
    case "map":
      return `cty.Map(${goTypeString(type.element)})`;
    case "tuple":
      if (type.elements.length === 0) return "cty.EmptyTuple";
      return `cty.Tuple([]cty.Type{${type.elements.map(goTypeString).join(", ")}})`;
    case "object": {
      if (type.attributeNames.length === 0) return "cty.EmptyObject";
      // Go prints a map with its keys in order.
      const attributes = `map[string]cty.Type{${type.attributeNames
        .map((n) => `${goQuote(n)}:${goTypeString(type.attributes[n]!)}`)
        .join(", ")}}`;
      if (type.optional.size === 0) return `cty.Object(${attributes})`;
      const optional = [...type.optional].sort().map(goQuote).join(", ");
      return `cty.ObjectWithOptionalAttrs(${attributes}, []string{${optional}})`;
    }
    case "capsule":
      return type.name;
  }
}
