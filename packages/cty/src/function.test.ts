import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  callFunction,
  defineFunction,
  ownTypedValue,
  returnTypeFor,
  signature,
} from "./function.js";
import { isMarked, mark } from "./marks.js";
import { dynamic, list, number, object, string } from "./types.js";
import { Dynamic, RefinedUnknown, Unknown } from "./values.js";

let calls = 0;
const upper = defineFunction({
  params: [{ name: "str", type: string }],
  returnType: string,
  refineResult: { notNull: true },
  impl: ([s]) => {
    calls++;
    return (s!.value as string).toUpperCase();
  },
});
const join = defineFunction({
  params: [{ name: "sep", type: string }],
  varParam: { name: "parts", type: string, allowNull: true },
  returnType: string,
  impl: ([sep, ...parts]) => parts.map((p) => p.value ?? "").join(sep!.value as string),
});
const length = defineFunction({
  params: [{ name: "list", type: list(dynamic), allowUnknown: true }],
  returnType: number,
  impl: ([l]) => (l!.value as unknown[]).length,
});

describe("callFunction", () => {
  it("calls the implementation with checked arguments", () => {
    expect(callFunction(upper, [{ value: "abc", type: string }])).toEqual({ value: "ABC", type: string });
    expect(
      callFunction(join, [
        { value: "-", type: string },
        { value: "a", type: string },
        { value: null, type: string },
      ]).value,
    ).toBe("a-");
    expect(callFunction(length, [{ value: ["x", "y"], type: list(string) }]).value).toBe(2);
  });

  it("checks the number of arguments, nulls and types, naming the argument", () => {
    expect(() => callFunction(upper, [])).toThrowError("wrong number of arguments (1 required; 0 given)");
    expect(() => callFunction(join, [])).toThrowError(
      "wrong number of arguments (at least 1 required; 0 given)",
    );
    try {
      callFunction(upper, [{ value: null, type: string }]);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ArgumentError);
      expect((err as ArgumentError).argumentIndex).toBe(0);
      expect((err as Error).message).toBe("argument must not be null");
    }
    expect(() =>
      callFunction(join, [
        { value: "-", type: string },
        { value: 5, type: number },
      ]),
    ).toThrowError("string required, but received number");
    expect(() => callFunction(length, [{ value: "x", type: string }])).toThrowError(
      "list of any single type required, but received string".replace("any single type", "dynamic"),
    );
  });

  it("answers unknown, refined as the function says, without calling it for an unknown argument", () => {
    const before = calls;
    expect(callFunction(upper, [{ value: Unknown, type: string }])).toEqual({
      value: new RefinedUnknown({ notNull: true }),
      type: string,
    });
    expect(calls).toBe(before);
    expect(callFunction(upper, [{ value: Unknown, type: dynamic }])).toEqual({
      value: Unknown,
      type: dynamic,
    });
    // A parameter that takes unknowns gets them.
    expect(callFunction(length, [{ value: [Unknown], type: list(string) }]).value).toBe(1);
  });

  it("passes marks on arguments to the result", () => {
    const result = callFunction(upper, [{ value: mark("secret", "sensitive"), type: string }]);
    expect(isMarked(result.value)).toBe(true);
    expect(result.value).toEqual(mark("SECRET", "sensitive"));
  });

  it("works out return types and writes signatures", () => {
    expect(returnTypeFor(length, [{ value: [], type: list(number) }])).toEqual({
      type: number,
      dynamicArguments: false,
    });
    expect(signature("join", join)).toBe("join(sep string, parts... string)");
    expect(() =>
      defineFunction({
        params: [
          { name: "a", type: string },
          { name: "a", type: string },
        ],
        returnType: string,
        impl: () => "",
      }),
    ).toThrowError(/declared twice/);
  });
});

describe("result refinements", () => {
  it("keep the tighter of the implementation's bound and the declared one, as go-cty's builder does", () => {
    const count = defineFunction({
      params: [{ name: "s", type: string, allowUnknown: true }],
      returnType: number,
      refineResult: { notNull: true, numberLower: { value: 0, inclusive: true } },
      impl: () => new RefinedUnknown({ numberLower: { value: 3, inclusive: true } }),
    });
    const result = callFunction(count, [{ value: "x", type: string }]);
    expect(result.value).toEqual(
      new RefinedUnknown({ notNull: true, numberLower: { value: 3, inclusive: true } }),
    );
  });
});

describe("ownTypedValue", () => {
  it("takes the type of the Dynamic wrappers where the declared type has dynamic parts", () => {
    const written = { value: [new Dynamic(string, "a"), new Dynamic(string, "b")], type: list(dynamic) };
    expect(ownTypedValue(written)).toEqual({ value: ["a", "b"], type: list(string) });
    const attr = { value: { n: new Dynamic(number, 1) }, type: object({ n: dynamic }) };
    expect(ownTypedValue(attr)).toEqual({ value: { n: 1 }, type: object({ n: number }) });
  });

  it("keeps a null or an unknown under dynamic of type dynamic, with its marks", () => {
    expect(ownTypedValue({ value: null, type: dynamic })).toEqual({ value: null, type: dynamic });
    const marked = ownTypedValue({ value: mark(Unknown, "secret"), type: dynamic });
    expect(marked.type).toEqual(dynamic);
    expect(isMarked(marked.value)).toBe(true);
  });

  it("returns a value whose type has no dynamic parts as it is", () => {
    const tv = { value: ["x"], type: list(string) };
    expect(ownTypedValue(tv)).toBe(tv);
  });
});
