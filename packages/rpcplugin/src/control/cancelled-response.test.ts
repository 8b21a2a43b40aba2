// cancelled-response.ts writes Response bytes by hand from field numbers read off the .proto
// files; this test holds them against the generated decoders, method by method, so that a
// wrong number or a newly added RPC fails here rather than at a host.
import { describe, expect, it } from "vitest";
import * as tfplugin5 from "../gen/tfplugin5/tfplugin5.js";
import * as tfplugin6 from "../gen/tfplugin6/tfplugin6.js";
import { cancelledResponse, requestTypeName } from "./cancelled-response.js";

// The RPCs whose Response has no place for a diagnostic: the control thread answers them with
// a gRPC status instead. A new RPC is in neither this list nor the module's table, so it fails
// the test until someone decides which it belongs to.
const noDiagnosticPlace: Record<number, string[]> = {
  5: ["Stop"],
  6: ["StopProvider"],
};

interface ServiceMethod {
  path: string;
  responseStream: boolean;
  responseDeserialize(value: Buffer): unknown;
  responseSerialize(value: never): Buffer;
}

const protocols: { version: number; service: Record<string, ServiceMethod>; error: number }[] = [
  { version: 5, service: tfplugin5.ProviderService, error: tfplugin5.Diagnostic_Severity.ERROR },
  { version: 6, service: tfplugin6.ProviderService, error: tfplugin6.Diagnostic_Severity.ERROR },
];

// Several bytes of length, and characters of more than one byte, so that lengths are counted
// in bytes and take multi-byte varints.
const summary = "Cancelled — the provider was asked to stop";
const detail = `The call did not finish in time after StopProvider. ${"ü".repeat(100)}`;

/** Every Diagnostic (an object with a severity) anywhere in a decoded message. */
function diagnosticsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(diagnosticsIn);
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return [];
  if ("severity" in value) return [value];
  return Object.values(value).flatMap(diagnosticsIn);
}

describe.each(protocols)("cancelledResponse for tfplugin$version", ({ version, service, error }) => {
  const methods = Object.values(service).map((m) => [m.path.split("/").pop()!, m] as const);

  it.each(methods)("%s", (name, method) => {
    const bytes = cancelledResponse(version, name, summary, detail);
    if (noDiagnosticPlace[version]!.includes(name)) {
      expect(bytes).toBeUndefined();
      return;
    }
    expect(bytes, `${name} is in neither the module's table nor noDiagnosticPlace`).toBeInstanceOf(
      Uint8Array,
    );
    const decoded = method.responseDeserialize(Buffer.from(bytes!));
    if (name === "CallFunction") {
      expect(decoded).toMatchObject({ error: { text: `${summary}: ${detail}` } });
      expect(diagnosticsIn(decoded)).toEqual([]);
    } else {
      expect(diagnosticsIn(decoded)).toEqual([{ severity: error, summary, detail, attribute: undefined }]);
    }
    // The generated encoder writes back the same bytes: every byte landed in a known field (the
    // decoder drops unknown ones silently, which a host would too).
    const reencoded = (method.responseSerialize as (value: unknown) => Buffer)(decoded);
    expect(new Uint8Array(reencoded)).toEqual(bytes);
  });

  it("lists only methods that exist as having no diagnostic place", () => {
    const names = methods.map(([name]) => name);
    for (const name of noDiagnosticPlace[version]!) expect(names).toContain(name);
  });

  it("answers undefined for a method it does not know", () => {
    for (const name of ["NoSuchMethod", "toString", "constructor", "__proto__", ""])
      expect(cancelledResponse(version, name, summary, detail)).toBeUndefined();
  });
});

describe("cancelledResponse", () => {
  it("answers undefined for a protocol version it does not know", () => {
    for (const version of [0, 4, 7, Number.NaN])
      expect(cancelledResponse(version, "ApplyResourceChange", summary, detail)).toBeUndefined();
  });

  it("writes the stream messages the host reads diagnostics from", () => {
    const event = tfplugin6.InvokeAction_Event.decode(cancelledResponse(6, "InvokeAction", "s", "d")!);
    expect(event.completed?.diagnostics).toEqual([
      { severity: tfplugin6.Diagnostic_Severity.ERROR, summary: "s", detail: "d", attribute: undefined },
    ]);
    const listed = tfplugin5.ListResource_Event.decode(cancelledResponse(5, "ListResource", "s", "d")!);
    expect(listed.diagnostic).toHaveLength(1);
  });

  it("answers a fresh array rather than a view into a shared buffer", () => {
    const bytes = cancelledResponse(6, "ApplyResourceChange", "s", "d")!;
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});

describe("requestTypeName", () => {
  const dynamic = { msgpack: Buffer.from([0x81, 0xa1, 0x61, 0x01]) };
  const apply = tfplugin6.ApplyResourceChange_Request.encode(
    tfplugin6.ApplyResourceChange_Request.fromPartial({
      typeName: "x_thing",
      priorState: dynamic,
      plannedState: dynamic,
      config: dynamic,
      plannedPrivate: Buffer.from([1, 2, 3]),
    }),
  ).finish();

  it("reads the type name of requests encoded by the generated codecs", () => {
    expect(requestTypeName(apply)).toBe("x_thing");
    expect(
      requestTypeName(
        tfplugin5.PlanResourceChange_Request.encode(
          tfplugin5.PlanResourceChange_Request.fromPartial({ typeName: "x_thïng", config: dynamic }),
        ).finish(),
      ),
    ).toBe("x_thïng");
    expect(
      requestTypeName(
        tfplugin6.CallFunction_Request.encode(
          tfplugin6.CallFunction_Request.fromPartial({ name: "parse", arguments: [dynamic] }),
        ).finish(),
      ),
    ).toBe("parse");
    expect(
      requestTypeName(
        tfplugin5.InvokeAction_Request.encode(
          tfplugin5.InvokeAction_Request.fromPartial({ actionType: "x_reboot", config: dynamic }),
        ).finish(),
      ),
    ).toBe("x_reboot");
  });

  it("skips fields before field 1, of every wire type", () => {
    // Concatenated messages merge, so this puts version (varint) and raw_state (bytes) first.
    const upgrade = Buffer.concat([
      tfplugin6.UpgradeResourceState_Request.encode(
        tfplugin6.UpgradeResourceState_Request.fromPartial({
          version: 300n,
          rawState: { json: Buffer.from("{}") },
        }),
      ).finish(),
      tfplugin6.UpgradeResourceState_Request.encode(
        tfplugin6.UpgradeResourceState_Request.fromPartial({ typeName: "x_thing" }),
      ).finish(),
    ]);
    expect(requestTypeName(upgrade)).toBe("x_thing");
    // No tfplugin request has fixed-size fields: field 2 as 64-bit, field 3 as 32-bit, field 1
    // as a varint (not a string, so passed over), then field 1 as a string.
    const fixed = new Uint8Array([
      0x11, 1, 2, 3, 4, 5, 6, 7, 8, 0x1d, 1, 2, 3, 4, 0x08, 0x96, 0x01, 0x0a, 1, 0x78,
    ]);
    expect(requestTypeName(fixed)).toBe("x");
  });

  it("answers undefined for a request without field 1", () => {
    expect(requestTypeName(new Uint8Array())).toBeUndefined();
    expect(
      requestTypeName(
        tfplugin6.UpgradeResourceState_Request.encode(
          tfplugin6.UpgradeResourceState_Request.fromPartial({
            version: 2n,
            rawState: { json: Buffer.from("{}") },
          }),
        ).finish(),
      ),
    ).toBeUndefined();
    expect(requestTypeName(new Uint8Array([0x08, 0x05]))).toBeUndefined();
  });

  it("answers undefined for malformed bytes, never throwing", () => {
    const bad = {
      "a varint that never ends": [0x10, 0xff, 0xff, 0xff],
      "a tag that never ends": [0xff],
      "a varint longer than ten bytes": [0x10, ...Array(10).fill(0xff), 0x01, 0x0a, 1, 0x78],
      "a length past the end": [0x0a, 0x05, 0x61],
      "a huge length": [0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x61],
      "a 64-bit field past the end": [0x11, 1, 2, 3],
      "a 32-bit field past the end": [0x1d, 1],
      "field 0": [0x02, 0x01, 0x78],
      "a group wire type": [0x0b, 0x0c],
      "wire type 7": [0x0f],
      "a string that is not UTF-8": [0x0a, 0x02, 0xc3, 0x28],
    };
    for (const [what, bytes] of Object.entries(bad))
      expect(requestTypeName(new Uint8Array(bytes)), what).toBeUndefined();
  });

  it("answers undefined for every truncation that cuts into field 1", () => {
    const typeNameEnd = 2 + "x_thing".length;
    for (let cut = 0; cut < apply.length; cut++)
      expect(requestTypeName(apply.subarray(0, cut))).toBe(cut < typeNameEnd ? undefined : "x_thing");
  });
});
