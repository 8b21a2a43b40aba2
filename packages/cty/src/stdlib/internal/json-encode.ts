// jsonencode's text for a wholly known value: go-cty's json.Marshal of the value with its own
// type. Where we hold a `dynamic` slot (a list of `dynamic`, an attribute of type `dynamic`),
// go-cty's value has the concrete type instead, so the value is written as itself, never in
// the {"value":…,"type":…} wrapper that cty JSON uses for dynamic types.
import { canonicalSet } from "../../equality.js";
import { encodeJson } from "../../json.js";
import { type CtyType, compareBytewise, string } from "../../types.js";
import { type CtyValue, Dynamic, isRecord } from "../../values.js";
import { bytesOf, isBytesValue } from "./bytes-capsule.js";

/** JSON text of a wholly known, unmarked value, byte for byte as go-cty's jsonencode writes it. */
export function encodeJsonAsOwnType(value: CtyValue, type: CtyType): string {
  if (type.kind === "dynamic" && value instanceof Dynamic)
    return encodeJsonAsOwnType(value.value, value.type);
  if (value === null) return "null";
  switch (type.kind) {
    case "number":
      if (typeof value === "number" && !Number.isFinite(value)) {
        throw new Error("cannot serialize infinity as JSON");
      }
      return encodeJson(value, type);
    case "list":
    case "set":
    case "tuple": {
      const given = value as readonly CtyValue[];
      const elements = type.kind === "set" ? canonicalSet(given, type.element) : given;
      const elementType = (i: number) => (type.kind === "tuple" ? type.elements[i]! : type.element);
      return `[${elements.map((e, i) => encodeJsonAsOwnType(e, elementType(i))).join(",")}]`;
    }
    case "map":
    case "object": {
      if (!isRecord(value)) break;
      const names = type.kind === "object" ? type.attributeNames : Object.keys(value).sort(compareBytewise);
      const fieldType = (name: string) => (type.kind === "object" ? type.attributes[name]! : type.element);
      return `{${names
        .map(
          (name) =>
            `${encodeJson(name, string)}:${encodeJsonAsOwnType(value[name] ?? null, fieldType(name))}`,
        )
        .join(",")}}`;
    }
    case "capsule":
      // go-cty writes a capsule as encoding/json writes the Go value inside: a []byte as base64.
      if (isBytesValue(value, type)) return `"${base64(bytesOf(value))}"`;
      break;
  }
  return encodeJson(value, type);
}

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard base64 with padding, as encoding/json writes a []byte. */
function base64(data: Uint8Array): string {
  let out = "";
  for (let i = 0; i < data.length; i += 3) {
    const n = (data[i]! << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
    const chars = [18, 12, 6, 0].map((shift) => base64Alphabet[(n >> shift) & 63]!);
    const kept = Math.min(data.length - i, 3) + 1;
    out += chars.slice(0, kept).join("") + "=".repeat(4 - kept);
  }
  return out;
}
