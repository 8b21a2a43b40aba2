import { describe, expect, it } from "vitest";
import { sharedProviderBlocks } from "./run.js";

const testmode = 'provider "tsvider" {\n  tsvider_testmode = true\n}\n';

describe("sharedProviderBlocks", () => {
  it("shares a block two configurations write alike, with what lies between its braces", () => {
    const mains = new Map([
      ["a", `# a\n${testmode}\nlocals {\n  x = 1\n}\n`],
      ["b", `${testmode}output "y" {\n  value = 2\n}\n`],
      ["c", 'provider "tsvider" {\n  tsvider_testmode = false\n}\n'],
    ]);
    expect(sharedProviderBlocks(mains, "tsvider")).toEqual([
      { text: testmode.trimEnd(), body: "  tsvider_testmode = true\n", ids: ["a", "b"] },
    ]);
  });

  it("leaves alone a block with an alias or a reference, and a configuration with two blocks", () => {
    const aliased = 'provider "tsvider" {\n  alias            = "staging"\n  tsvider_testmode = true\n}\n';
    const referring = 'provider "tsvider" {\n  api_endpoint = var.endpoint\n}\n';
    const mains = new Map([
      ["a1", aliased],
      ["a2", aliased],
      ["r1", referring],
      ["r2", referring],
      ["two1", `${testmode}${aliased}`],
      ["two2", `${testmode}${aliased}`],
      ["other", 'provider "pyvider" {\n  pyvider_testmode = true\n}\n'],
    ]);
    expect(sharedProviderBlocks(mains, "tsvider")).toEqual([]);
  });
});
