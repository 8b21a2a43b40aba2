// Paths into values: attribute steps into objects, index steps into lists and tuples, key
// steps into maps. Errors carry one, so a message can say exactly where a value broke.

import type { CtyValue } from "./values.js";

/**
 * One step into a value: an object attribute, a list or tuple index, a map key, or a set
 * element (addressed by the element itself, as go-cty does; the protocol's attribute paths
 * cannot address set elements).
 */
export type PathStep =
  | { readonly attribute: string }
  | { readonly index: number }
  | { readonly key: string }
  | { readonly element: CtyValue };
/** A path from a value to a value inside it, one step per attribute, index, map key or set element. */
export type Path = readonly PathStep[];

/** `a.b[0]["k"]`, or `(root)` for the empty path. */
export function formatPath(path: Path): string {
  if (path.length === 0) return "(root)";
  let out = "";
  for (const step of path) {
    if ("attribute" in step) out += out ? `.${step.attribute}` : step.attribute;
    else if ("index" in step) out += `[${step.index}]`;
    else if ("key" in step) out += `[${JSON.stringify(step.key)}]`;
    else out += "[<set element>]";
  }
  return out;
}

/** A value that does not fit its type, with the place where it went wrong. */
export class CtyValueError extends Error {
  readonly path: Path;
  readonly reason: string;
  constructor(path: Path, reason: string) {
    super(path.length === 0 ? reason : `${formatPath(path)}: ${reason}`);
    this.name = "CtyValueError";
    this.path = path;
    this.reason = reason;
  }
}

/**
 * Bytes or text a decoder could not read as a value of the type asked for: malformed input,
 * the wrong type, a missing attribute. `path` says where it broke.
 */
export class CtyDecodeError extends CtyValueError {
  constructor(path: Path, reason: string) {
    super(path, reason);
    this.name = "CtyDecodeError";
  }
}

/** Rethrows a CtyValueError from decoding as a CtyDecodeError. */
export function asDecodeError(err: unknown): unknown {
  return err instanceof CtyValueError && !(err instanceof CtyDecodeError)
    ? new CtyDecodeError(err.path, err.reason)
    : err;
}

/** Capsule values carry an application's own data and have no encoding at all. */
export function capsuleNotSerializable(path: Path): CtyValueError {
  return new CtyValueError(path, "capsule values cannot be serialized");
}

/** Marks never travel on the wire: strip them first (unmarkDeepWithPaths) and keep them aside. */
export function marksNotSerializable(path: Path): CtyValueError {
  return new CtyValueError(
    path,
    "value has marks, so it cannot be serialized; remove them with unmarkDeepWithPaths first",
  );
}
