// A JSON document as go-cty's jsondecode reads it: json.ImpliedType finds the type (objects
// become object types, arrays tuple types, null `dynamic`), then json.Unmarshal reads the value
// with it. Both run over Go's Decoder, so errors are Go's (see stdlib/go/json-tokens.ts), and a few
// come only from the second pass:
//   - a number big.Float cannot take (an exponent past int64, or a binary exponent past
//     int32): "a number is required";
//   - a key that is not in NFC: ImpliedType keeps it as written, the object type normalizes it,
//     and Unmarshal then looks up the key as written and does not find it;
//   - an element nested more than 10000 deep inside another value: Unmarshal reads each element
//     whole with Go's scanner, which stops there.
// Go reports the first of these in document order, after the whole first pass succeeded, so
// we note the earliest while reading and report it at the end.
//
// The reading is iterative (an explicit stack), so deep nesting cannot overflow our stack
// before Go's own limit applies.

import { parseNumberVal } from "../../internal/numbers/go-number.js";
import { setOwn } from "../../internal/records.js";
import { goQuote } from "../../internal/text/go-quote.js";
import {
  bool,
  type CtyType,
  dynamic,
  emptyObject,
  emptyTuple,
  number,
  object,
  string,
  tuple,
  typeEquals,
} from "../../types.js";
import type { CtyValue } from "../../values.js";
import { GoJsonSyntaxError, type GoJsonToken, GoJsonTokenizer, quoteJsonByte } from "../go/json-tokens.js";

/** A document's type and value, as jsondecode gives them. */
export interface DecodedJson {
  readonly type: CtyType;
  readonly value: CtyValue;
}

// Go's scanner refuses to open more than this many arrays and objects in one value.
const maxNestingDepth = 10000;

interface ObjectFrame {
  readonly kind: "object";
  /** Where its opening bracket is. */
  readonly offset: number;
  readonly types: Map<string, CtyType>;
  readonly values: Map<string, CtyValue>;
  key: string;
}

interface TupleFrame {
  readonly kind: "tuple";
  /** Where its opening bracket is. */
  readonly offset: number;
  readonly types: CtyType[];
  readonly values: CtyValue[];
}

type Frame = ObjectFrame | TupleFrame;

/** An error only the second pass (Unmarshal) would meet, with where Go would meet it. */
interface LateError {
  readonly offset: number;
  readonly message: string;
}

/**
 * Reads a JSON document as go-cty's ImpliedType and then Unmarshal do. Throws an Error with
 * go-cty's message when either would fail.
 */
export function decodeJsonDocument(bytes: Uint8Array): DecodedJson {
  const tokens = new GoJsonTokenizer(bytes);
  const stack: Frame[] = [];
  let late: LateError | undefined;
  const noteLate = (offset: number, message: string) => {
    if (late === undefined || offset < late.offset) late = { offset, message };
  };
  let result: DecodedJson | undefined;

  /** Hands a finished value to the container it is in, or makes it the result. */
  const deliver = (decoded: DecodedJson) => {
    const parent = stack.at(-1);
    if (parent === undefined) {
      result = decoded;
    } else if (parent.kind === "tuple") {
      parent.types.push(decoded.type);
      parent.values.push(decoded.value);
    } else {
      const existing = parent.types.get(parent.key);
      // The same name twice is allowed when both values have the same type; the last wins.
      if (existing !== undefined && !typeEquals(existing, decoded.type)) {
        throw new Error(`duplicate ${goQuote(parent.key)} property in JSON object`);
      }
      parent.types.set(parent.key, decoded.type);
      parent.values.set(parent.key, decoded.value);
    }
  };

  /** Starts a value at this token: a scalar is finished at once, a bracket opens a frame. */
  const begin = (token: GoJsonToken) => {
    if (token.kind !== "delim") {
      deliver(scalar(token, noteLate));
      return;
    }
    if (token.char !== "[" && token.char !== "{") throw new Error(`unexpected token '${token.char}'`);
    const depth = stack.length + 1;
    // Unmarshal reads each element of a container whole with Go's scanner: the element that
    // holds this bracket `maxNestingDepth` levels down cannot be read.
    const tooDeep = stack[depth - maxNestingDepth - 1];
    if (tooDeep !== undefined && depth - maxNestingDepth >= 2) {
      const container = stack[depth - maxNestingDepth - 2]!;
      noteLate(
        tooDeep.offset,
        `failed to read ${container.kind} value: invalid character ${quoteJsonByte(token.char.charCodeAt(0))} exceeded max depth`,
      );
    }
    stack.push(
      token.char === "["
        ? { kind: "tuple", offset: token.offset, types: [], values: [] }
        : { kind: "object", offset: token.offset, types: new Map(), values: new Map(), key: "" },
    );
  };

  try {
    begin(tokens.token());
    while (stack.length > 0) {
      const frame = stack.at(-1)!;
      const token = tokens.token();
      if (frame.kind === "tuple") {
        if (token.kind === "delim" && token.char === "]") {
          stack.pop();
          deliver(finishTuple(frame));
        } else {
          begin(token);
        }
        continue;
      }
      if (token.kind === "delim") {
        if (token.char !== "}") throw new Error(`unexpected delimiter '${token.char}'`);
        stack.pop();
        deliver(finishObject(frame));
        continue;
      }
      if (token.kind !== "string") throw new Error(`expected string but found ${goTypeName(token)}`);
      // Unmarshal looks each key up in the object type, whose names are in NFC.
      if (token.value !== token.value.normalize("NFC")) {
        noteLate(token.offset, `unsupported attribute ${goQuote(token.value)}`);
      }
      frame.key = token.value;
      begin(tokens.token());
    }
    if (tokens.more()) throw new Error("extraneous data after JSON object");
  } catch (err) {
    if (err instanceof GoJsonSyntaxError) throw new Error(err.message);
    throw err;
  }
  if (late !== undefined) throw new Error(late.message);
  return result!;
}

function scalar(
  token: Exclude<GoJsonToken, { kind: "delim" }>,
  noteLate: (offset: number, message: string) => void,
): DecodedJson {
  switch (token.kind) {
    case "null":
      return { type: dynamic, value: null };
    case "bool":
      return { type: bool, value: token.value };
    case "string":
      return { type: string, value: token.value.normalize("NFC") };
    case "number": {
      const parsed = parseNumberVal(token.text);
      if (parsed === undefined) noteLate(token.offset, "a number is required");
      return { type: number, value: parsed ?? 0 };
    }
  }
}

function finishTuple(frame: TupleFrame): DecodedJson {
  if (frame.types.length === 0) return { type: emptyTuple, value: [] };
  return { type: tuple(frame.types), value: frame.values };
}

function finishObject(frame: ObjectFrame): DecodedJson {
  if (frame.types.size === 0) return { type: emptyObject, value: {} };
  const types: Record<string, CtyType> = {};
  const values: Record<string, CtyValue> = {};
  for (const [name, type] of frame.types) setOwn(types, name, type);
  for (const [name, value] of frame.values) setOwn(values, name.normalize("NFC"), value);
  return { type: object(types), value: values };
}

/** Go's %T of a token that is not a key (unreachable through Token, kept for fidelity). */
function goTypeName(token: GoJsonToken): string {
  switch (token.kind) {
    case "number":
      return "json.Number";
    case "bool":
      return "bool";
    case "null":
      return "<nil>";
    default:
      return "json.Delim";
  }
}
