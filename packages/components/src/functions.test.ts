// The reference provider's functions, called as Terraform would call them (arguments checked,
// errors as the FunctionError the host shows); tofu runs them in the reference provider's tests.
import { createHash } from "node:crypto";
import { FunctionError, Unknown } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { joinPathFunction, parseModeFunction, sha256HexFunction } from "./functions.js";

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
