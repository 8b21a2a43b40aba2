import { describe, expect, it } from "vitest";
import { parseLockFile } from "./lock-file.js";

describe("parseLockFile", () => {
  it("reads each provider's version and hashes", () => {
    const text = `# This file is maintained automatically by "tofu init".
# Manual edits may be lost in future updates.

provider "registry.opentofu.org/tsvider/tsvider" {
  version     = "0.1.0"
  constraints = "0.1.0"
  hashes = [
    "h1:abc=",
    "zh:0123",
  ]
}
`;
    expect(parseLockFile(text)).toEqual([
      { address: "registry.opentofu.org/tsvider/tsvider", version: "0.1.0", hashes: ["h1:abc=", "zh:0123"] },
    ]);
    expect(parseLockFile("")).toEqual([]);
  });
});
