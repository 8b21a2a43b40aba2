import { describe, expect, it } from "vitest";
import type { FunctionJson } from "../schema/json.js";
import {
  functionArgumentsMarkdown,
  functionReturnTypeMarkdown,
  functionSignatureMarkdown,
} from "./function-markdown.js";

const joinPath: FunctionJson = {
  summary: "Joins path segments",
  description: "Joins path segments with /.",
  return_type: "string",
  parameters: [
    { name: "base", description: "The first segment.", type: "string", is_nullable: true },
    { name: "parts", description: "", type: ["list", "string"] },
  ],
  variadic_parameter: { name: "segments", description: "The rest, in order.", type: "dynamic" },
};

describe("function pages", () => {
  it("writes the signature with cty's type names and the variadic parameter last, with ...", () => {
    expect(functionSignatureMarkdown("join_path", joinPath)).toBe(
      "```text\njoin_path(base string, parts list of string, segments dynamic...) string\n```",
    );
  });

  it("numbers the arguments, marking the variadic and nullable ones", () => {
    expect(functionArgumentsMarkdown(joinPath)).toBe(
      [
        "1. `base` (String, Nullable) The first segment.",
        "1. `parts` (List of String)",
        "1. `segments` (Variadic, Dynamic) The rest, in order.",
      ].join("\n"),
    );
  });

  it("writes a function with only a variadic parameter, and its return type", () => {
    const sum: FunctionJson = {
      summary: "",
      description: "",
      return_type: ["map", "number"],
      variadic_parameter: { name: "numbers", description: "The numbers.", type: "number", is_nullable: true },
    };
    expect(functionSignatureMarkdown("sum", sum)).toBe("```text\nsum(numbers number...) map of number\n```");
    expect(functionArgumentsMarkdown(sum)).toBe("1. `numbers` (Variadic, Number, Nullable) The numbers.");
    expect(functionReturnTypeMarkdown(sum)).toBe("`map of number`");
  });
});
