// The reference provider's functions, called as Terraform would call them (arguments checked,
// errors as the FunctionError the host shows); tofu runs them in the reference provider's tests.
import { createHash } from "node:crypto";
import { FunctionError, Unknown } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { collectionFunctions } from "./collection-functions.js";
import { joinPathFunction, parseModeFunction, sha256HexFunction } from "./functions.js";
import { numericFunctions } from "./numeric-functions.js";
import { stringFunctions } from "./string-functions.js";

describe("sha256_hex", () => {
  it("hashes the string's UTF-8 bytes", async () => {
    const expected = createHash("sha256").update("héllo", "utf8").digest("hex");
    expect(await callProviderFunction(sha256HexFunction, ["héllo"])).toBe(expected);
  });

  it("is unknown while its argument is", async () => {
    expect(await callProviderFunction(sha256HexFunction, [Unknown])).toBe(Unknown);
  });
});

describe("join_path", () => {
  it("joins and normalizes any number of segments", async () => {
    expect(await callProviderFunction(joinPathFunction, [])).toBe(".");
    expect(await callProviderFunction(joinPathFunction, ["a"])).toBe("a");
    expect(await callProviderFunction(joinPathFunction, ["/a/", "b//c", "../d"])).toBe("/a/b/d");
  });

  it("blames an empty segment by its index", async () => {
    await expect(callProviderFunction(joinPathFunction, ["a", "b", ""])).rejects.toMatchObject({
      argument: 2,
      message: "segment 3 is empty; give each segment at least one character",
    });
  });
});

describe("parse_mode", () => {
  it("reads three or four octal digits", async () => {
    expect(await callProviderFunction(parseModeFunction, ["0644"])).toBe(0o644);
    expect(await callProviderFunction(parseModeFunction, ["755"])).toBe(0o755);
  });

  it("refuses anything else, blaming the argument", async () => {
    const err = await callProviderFunction(parseModeFunction, ["rwx"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FunctionError);
    expect(err).toMatchObject({
      argument: 0,
      message: expect.stringContaining('"rwx" is not an octal file mode'),
    });
  });
});

describe("parameter names", () => {
  // pyvider-components 0.8.1's signatures (its functions/*.py): the names show in the docs
  // and in Terraform's errors (`Invalid value for "options" parameter`), so a configuration
  // and its diagnostics read the same after a switch from pyvider.
  const pyvider: Record<string, readonly [readonly string[], string | undefined]> = {
    upper: [["input_str"], undefined],
    lower: [["input_str"], undefined],
    format: [["template", "values"], undefined],
    join: [["delimiter", "strings"], undefined],
    split: [["delimiter", "string"], undefined],
    replace: [["string", "search", "replacement"], undefined],
    to_snake_case: [["text"], undefined],
    to_camel_case: [["text"], "options"],
    to_kebab_case: [["text"], undefined],
    format_size: [["size_bytes"], "options"],
    truncate: [["text"], "options"],
    pluralize: [["word"], "options"],
    length: [["collection"], undefined],
    contains: [["list_to_check", "element"], undefined],
    lookup: [["map_to_search", "key"], "defaults"],
    tostring: [["value"], undefined],
    add: [["a", "b"], undefined],
    subtract: [["a", "b"], undefined],
    multiply: [["a", "b"], undefined],
    divide: [["a", "b"], undefined],
    min: [["numbers"], undefined],
    max: [["numbers"], undefined],
    sum: [["numbers"], undefined],
    round: [["number"], "options"],
  };

  it("are pyvider's for every function pyvider has", () => {
    const ours = [...stringFunctions, ...collectionFunctions, ...numericFunctions];
    expect(ours.map((fn) => fn.name).sort()).toEqual(Object.keys(pyvider).sort());
    for (const fn of ours) {
      expect([fn.name, fn.params.map((p) => p.name), fn.variadic?.name]).toEqual([
        fn.name,
        ...pyvider[fn.name]!,
      ]);
    }
  });
});
