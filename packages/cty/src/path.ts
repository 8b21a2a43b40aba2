// Paths into values, for error messages and diagnostics. The full path API (index and key
// steps, apply, walk) comes with the cty issue; the slice needs attribute steps.

export type PathStep = { readonly attribute: string };
export type Path = readonly PathStep[];

/** `a.b.c`, or `(root)` for the empty path. */
export function formatPath(path: Path): string {
  return path.length === 0 ? "(root)" : path.map((s) => s.attribute).join(".");
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
