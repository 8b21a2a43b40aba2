import * as cty from "@tsvider/cty";
import { Dynamic, Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { defineProviderFunction, FunctionError, runProviderFunction } from "./function.js";
import { createHub } from "./hub.js";
import { defineProvider } from "./provider.js";
import { t } from "./schema/types.js";

const upper = defineProviderFunction({
  name: "upper",
  params: [{ name: "text", type: t.string }],
  returns: t.string,
  run: (text) => text.toUpperCase(),
});

const joinPath = defineProviderFunction({
  name: "join_path",
  params: [{ name: "base", type: t.string }],
  variadic: { name: "parts", type: t.string },
  returns: t.string,
  run: (base, ...parts) => [base, ...parts].join("/"),
});

const describeValue = defineProviderFunction({
  name: "describe_value",
  params: [{ name: "value", type: t.string, allowNullValue: true, allowUnknownValues: true }],
  returns: t.string,
  run: (value) => (value === null ? "null" : typeof value === "string" ? `"${value}"` : "unknown"),
});

describe("defineProviderFunction", () => {
  it("types the implementation's arguments from the parameters", () => {
    defineProviderFunction({
      name: "typed",
      params: [
        { name: "a", type: t.string },
        { name: "b", type: t.list(t.int64), allowNullValue: true },
        { name: "c", type: t.bool, allowUnknownValues: true },
      ],
      variadic: { name: "rest", type: t.number },
      returns: t.map(t.string),
      run(a, b, c, ...rest) {
        expectTypeOf(a).toEqualTypeOf<string>();
        expectTypeOf(b).toEqualTypeOf<(number | bigint)[] | null>();
        expectTypeOf(c).toEqualTypeOf<boolean | Unknown>();
        expectTypeOf(rest).toEqualTypeOf<cty.CtyNumber[]>();
        return {};
      },
    });
    defineProviderFunction({
      name: "wrong_return",
      params: [],
      returns: t.string,
      // @ts-expect-error: a number is not a string
      run: () => 1,
    });
  });

  it("refuses names that are not identifiers, and duplicate parameters", () => {
    const define = (name: string, params: { name: string }[]) => () =>
      defineProviderFunction({
        name,
        params: params.map((p) => ({ ...p, type: t.string })),
        returns: t.string,
        run: () => "",
      });
    expect(define("Bad-Name", [])).toThrow(FrameworkConfigurationError);
    expect(define("ok", [{ name: "1x" }])).toThrow(/parameter name "1x" is not valid/);
    expect(define("ok", [{ name: "a" }, { name: "a" }])).toThrow(/parameter "a" is declared twice/);
  });

  it("refuses two functions of one name on a provider", () => {
    expect(() => defineProvider({ name: "p", version: "1", functions: [upper, upper] })).toThrow(
      /function upper is defined twice/,
    );
    const provider = defineProvider({ name: "p", version: "1", functions: [upper, joinPath] });
    expect([...provider.functionsByName.keys()]).toEqual(["upper", "join_path"]);
  });

  it("takes functions from a hub too, and refuses one listed twice", () => {
    const { functions } = createHub().add(joinPath).components();
    const provider = defineProvider({ name: "p", version: "1", functions: [upper, ...functions] });
    expect([...provider.functionsByName.keys()]).toEqual(["upper", "join_path"]);
    expect(() => defineProvider({ name: "p", version: "1", functions: [joinPath, ...functions] })).toThrow(
      /function join_path is defined twice/,
    );
  });
});

describe("runProviderFunction", () => {
  it("calls the implementation with fixed and variadic arguments", async () => {
    expect(await runProviderFunction(upper, ["abc"])).toEqual({ value: "ABC", unknown: false });
    expect((await runProviderFunction(joinPath, ["a"])).value).toBe("a");
    expect((await runProviderFunction(joinPath, ["a", "b", "c"])).value).toBe("a/b/c");
  });

  it("refuses a null where the parameter takes none, naming the argument", async () => {
    const err = await runProviderFunction(joinPath, ["a", null]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FunctionError);
    expect(err).toMatchObject({ argument: 1, message: "argument must not be null" });
  });

  it("answers unknown without calling when an argument is not wholly known", async () => {
    let calls = 0;
    const count = defineProviderFunction({
      name: "count",
      params: [{ name: "items", type: t.list(t.string) }],
      returns: t.number,
      run: (items) => {
        calls++;
        return items.length;
      },
    });
    expect(await runProviderFunction(count, [Unknown])).toEqual({ value: Unknown, unknown: true });
    expect(await runProviderFunction(count, [["a", Unknown]])).toEqual({ value: Unknown, unknown: true });
    expect(calls).toBe(0);
  });

  it("hands nulls and unknowns to parameters that allow them", async () => {
    expect((await runProviderFunction(describeValue, [null])).value).toBe("null");
    expect((await runProviderFunction(describeValue, [Unknown])).value).toBe("unknown");
    expect((await runProviderFunction(describeValue, ["x"])).value).toBe('"x"');
  });

  it("checks what the TypeScript type promises: an int64 argument is whole", async () => {
    const half = defineProviderFunction({
      name: "half",
      params: [{ name: "n", type: t.int64 }],
      returns: t.number,
      run: (n) => (typeof n === "bigint" ? n / 2n : n / 2),
    });
    await expect(runProviderFunction(half, [1.5])).rejects.toMatchObject({
      argument: 0,
      message: expect.stringContaining('"n" must be a whole number'),
    });
  });

  it("turns a plain exception into a FunctionError with its message", async () => {
    const broken = defineProviderFunction({
      name: "broken",
      params: [],
      returns: t.string,
      run: () => {
        throw new Error("disk on fire");
      },
    });
    const err = await runProviderFunction(broken, []).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FunctionError);
    expect((err as FunctionError).message).toBe("disk on fire");
    expect((err as FunctionError).argument).toBeUndefined();
  });

  it("keeps an author's FunctionError and the argument it blames", async () => {
    const parse = defineProviderFunction({
      name: "parse",
      params: [{ name: "mode", type: t.string }],
      returns: t.number,
      run: (mode) => {
        throw new FunctionError(`"${mode}" is not an octal mode`, { argument: 0 });
      },
    });
    await expect(runProviderFunction(parse, ["x"])).rejects.toMatchObject({
      argument: 0,
      message: '"x" is not an octal mode',
    });
  });

  it("takes a dynamic return as a Dynamic", async () => {
    const identity = defineProviderFunction({
      name: "identity",
      params: [{ name: "value", type: t.dynamic }],
      returns: t.dynamic,
      run: (value) => value,
    });
    const result = await runProviderFunction(identity, [new Dynamic(cty.number, 3)]);
    expect(result.value).toEqual(new Dynamic(cty.number, 3));
  });
});
