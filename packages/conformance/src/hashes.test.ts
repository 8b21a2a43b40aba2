import { describe, expect, it } from "vitest";
import { h1Hash, zhHash } from "./hashes.js";

describe("lock-file hashes", () => {
  it("h1 sorts names byte-wise and hashes the dirhash lines", () => {
    // Expected value computed independently with coreutils:
    //   (sha256sum lines, sorted by name) | sha256sum | xxd -r -p | base64
    const files = [
      { name: "terraform-provider-x_v1.0.0", data: Buffer.from("#!/bin/sh\n") },
      { name: "README.md", data: Buffer.from("hello\n") },
    ];
    expect(h1Hash(files)).toBe("h1:o+0Gs4KOm52Bj1moZdy2a6SmVS9q+5PuTt2LJEiELO0=");
  });
  it("refuses names with a newline, as Go's dirhash does", () => {
    expect(() => h1Hash([{ name: "a\nb", data: new Uint8Array() }])).toThrowError(/newline/);
  });
  it("zh is the hex sha256 of the archive", () => {
    expect(zhHash(Buffer.from("abc"))).toBe(
      "zh:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
