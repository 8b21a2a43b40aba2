// Set membership as go-cty decides it, in constant time on average: elements are bucketed by
// their hash bytes (go-cty's own set hashing), and within a bucket an element matches only
// an equal, wholly known one. So a value holding an unknown is never "in" a set, and unknown
// elements never collapse into one another.
import { canonicalSet, containsUnknown, valuesEqual } from "../../equality.js";
import { hashBytes } from "../../internal/set-elements.js";
import type { CtyType } from "../../types.js";
import type { CtyValue } from "../../values.js";

export class ValueIndex {
  /** The elements in go-cty's set order, duplicates removed. */
  readonly elements: readonly CtyValue[];
  private readonly buckets = new Map<string, CtyValue[]>();

  constructor(
    readonly elementType: CtyType,
    elements: readonly CtyValue[],
  ) {
    this.elements = canonicalSet(elements, elementType);
    for (const e of this.elements) {
      const key = this.keyOf(e);
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(e);
      else this.buckets.set(key, [e]);
    }
  }

  /** Whether an element equivalent to `value` (equal, and both wholly known) is here. */
  has(value: CtyValue): boolean {
    if (containsUnknown(value)) return false;
    const bucket = this.buckets.get(this.keyOf(value));
    return bucket?.some((e) => !containsUnknown(e) && valuesEqual(e, value, this.elementType)) === true;
  }

  private keyOf(value: CtyValue): string {
    return hashBytes(value, this.elementType, canonicalSet);
  }
}
