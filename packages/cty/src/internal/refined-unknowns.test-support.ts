// Refined unknowns for property tests: every refinement a type can take (not null, a string
// prefix, number bounds, length bounds), with values from small alphabets the caller picks to
// meet the known values it generates, so that refinements and values interact often.
// @tsvider/hcl's property tests use it too, by a relative path to the file the build emits
// (tsconfig.build.json lists it): it is not exported and package.json's `files` leaves it out
// of the published package.
import fc from "fast-check";
import { refine } from "../refinement.js";
import type { CtyType } from "../types.js";
import { type CtyValue, type Refinements, Unknown } from "../values.js";

export interface RefinementAlphabet {
  readonly stringPrefixes: readonly string[];
  readonly numberLower: fc.Arbitrary<number>;
  readonly numberUpper: fc.Arbitrary<number>;
  /** The largest lower length bound, and the most an upper one exceeds it by (3 when not given). */
  readonly lengthSpread?: number;
}

/** Unknowns of `type` with the refinements it can take (a plain Unknown where refine refuses them). */
export function refinedUnknownFor(type: CtyType, alphabet: RefinementAlphabet): fc.Arbitrary<CtyValue> {
  let refinements: fc.Arbitrary<Refinements>;
  switch (type.kind) {
    case "string":
      refinements = fc.record({
        notNull: fc.boolean(),
        stringPrefix: fc.constantFrom(...alphabet.stringPrefixes),
      });
      break;
    case "number":
      refinements = fc.record(
        {
          notNull: fc.boolean(),
          numberLower: fc.record({ value: alphabet.numberLower, inclusive: fc.boolean() }),
          numberUpper: fc.record({ value: alphabet.numberUpper, inclusive: fc.boolean() }),
        },
        { requiredKeys: ["notNull"] },
      );
      break;
    case "list":
    case "set":
    case "map": {
      const spread = alphabet.lengthSpread ?? 3;
      refinements = fc
        .tuple(fc.boolean(), fc.nat(spread), fc.option(fc.nat(spread), { nil: undefined }))
        .map(([notNull, lower, extra]) => ({
          notNull,
          lengthLower: lower,
          ...(extra === undefined ? {} : { lengthUpper: lower + extra }),
        }));
      break;
    }
    default:
      refinements = fc.record({ notNull: fc.boolean() });
  }
  return refinements.map((r) => {
    try {
      return refine(type, r);
    } catch {
      return Unknown;
    }
  });
}
