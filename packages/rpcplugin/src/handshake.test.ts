import { describe, expect, it } from "vitest";
import {
  checkMagicCookie,
  formatHandshakeLine,
  negotiateProtocolVersion,
  terraformMagicCookie,
} from "./handshake.js";

describe("negotiateProtocolVersion", () => {
  it("picks the highest version both sides speak, whatever the host's order", () => {
    expect(negotiateProtocolVersion("5,6", [5, 6])).toBe(6);
    expect(negotiateProtocolVersion("6,5", [5, 6])).toBe(6);
    expect(negotiateProtocolVersion(" 5 ", [5, 6])).toBe(5);
  });
  it("falls back to our lowest version for a host that offers none", () => {
    expect(negotiateProtocolVersion(undefined, [6, 5])).toBe(5);
  });
  it("explains a mismatch", () => {
    expect(() => negotiateProtocolVersion("4", [6])).toThrowError(
      /offers plugin protocol versions 4, but this plugin serves 6/,
    );
  });
});

describe("handshake line", () => {
  it("writes the DER as base64 without padding, and keeps the trailing field when there is no TLS", () => {
    expect(
      formatHandshakeLine({
        protocolVersion: 6,
        network: "unix",
        address: "/tmp/p",
        certificateDer: new Uint8Array([1, 2, 3, 4]),
      }),
    ).toBe("1|6|unix|/tmp/p|grpc|AQIDBA\n");
    expect(formatHandshakeLine({ protocolVersion: 6, network: "unix", address: "/tmp/p" })).toBe(
      "1|6|unix|/tmp/p|grpc|\n",
    );
  });
  it("refuses a missing or wrong cookie with a sentence for humans", () => {
    expect(() => checkMagicCookie({}, terraformMagicCookie, "terraform-provider-x")).toThrowError(
      /terraform-provider-x is a plugin for OpenTofu and Terraform, not a program to run directly/,
    );
    expect(() => checkMagicCookie({ TF_PLUGIN_MAGIC_COOKIE: "nope" }, terraformMagicCookie, "p")).toThrow();
    expect(() =>
      checkMagicCookie({ TF_PLUGIN_MAGIC_COOKIE: terraformMagicCookie.value }, terraformMagicCookie, "p"),
    ).not.toThrow();
  });
  it("speaks of no Terraform to a person who runs another host's plugin by hand", () => {
    const cookie = { key: "ACME_PLUGIN", value: "hello" };
    const refusal = (hint?: string) => {
      try {
        checkMagicCookie({ TF_PLUGIN_MAGIC_COOKIE: terraformMagicCookie.value }, cookie, "acme-kv", hint);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error("not refused");
    };
    expect(refusal()).toBe(
      "acme-kv is a plugin, not a program to run directly: the program it belongs to starts it, with ACME_PLUGIN set.\n" +
        "Start that program instead; it runs this plugin when it needs it.",
    );
    expect(refusal("Run `acme serve`, which starts it.")).toMatch(
      /with ACME_PLUGIN set\.\nRun `acme serve`, which starts it\.$/,
    );
    expect(refusal()).not.toMatch(/tofu|terraform|OpenTofu/i);
    expect(() => checkMagicCookie({ ACME_PLUGIN: "hello" }, cookie, "acme-kv")).not.toThrow();
  });
});
