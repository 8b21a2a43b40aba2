/**
 * go-cty's standard function library, each function a FunctionSpec for `callFunction`;
 * `stdlibFunctions` holds them all by name.
 *
 * @packageDocumentation
 */
// go-cty's standard function library (cty/function/stdlib), every function as data for
// `callFunction`. Each is exported under go-cty's name without "Func", in camel case
// (UpperFunc is `upper`, CSVDecodeFunc is `csvDecode`), and `stdlibFunctions` has them all.
import type { FunctionSpec } from "../function.js";
import * as bool from "./bool.js";
import * as bytes from "./bytes.js";
import * as collection from "./collection.js";
import * as conversion from "./conversion.js";
import * as csv from "./csv.js";
import * as datetime from "./datetime.js";
import * as format from "./format.js";
import * as general from "./general.js";
import * as json from "./json.js";
import * as number from "./number.js";
import * as range from "./range.js";
import * as regexp from "./regexp.js";
import * as sequence from "./sequence.js";
import * as set from "./set.js";
import * as string from "./string.js";

export * from "./bool.js";
export * from "./bytes.js";
export * from "./collection.js";
export * from "./conversion.js";
export * from "./csv.js";
export * from "./datetime.js";
export * from "./format.js";
export * from "./general.js";
export * from "./json.js";
export * from "./number.js";
export * from "./range.js";
export * from "./regexp.js";
export * from "./sequence.js";
export * from "./set.js";
export * from "./string.js";

function specsIn(module: Record<string, unknown>): [string, FunctionSpec][] {
  return Object.entries(module).filter(
    (entry): entry is [string, FunctionSpec] =>
      typeof entry[1] === "object" && entry[1] !== null && "impl" in entry[1] && "params" in entry[1],
  );
}

/** Every stdlib function by its export name. */
export const stdlibFunctions: Readonly<Record<string, FunctionSpec>> = Object.freeze(
  Object.fromEntries(
    [
      bool,
      bytes,
      collection,
      conversion,
      csv,
      datetime,
      format,
      general,
      json,
      number,
      range,
      regexp,
      sequence,
      set,
      string,
    ].flatMap((m) => specsIn(m as Record<string, unknown>)),
  ),
);
