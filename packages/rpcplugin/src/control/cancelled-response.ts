// The answer the control thread gives, on its own, to a tfplugin5/tfplugin6 call whose handler
// on the main thread still runs after the host asked the provider to stop: the call's Response
// holding one error diagnostic. The control thread sees calls only as protobuf bytes and must
// start fast, so rather than load the generated codecs (several thousand lines each) this
// module writes the few bytes itself, and reads the type name a request names for the same
// reason.

/**
 * Where each RPC's Response (for a server stream: its stream message) keeps its `repeated
 * Diagnostic`, as field numbers from the outer message inwards. InvokeAction.Event has its
 * diagnostics in the Completed event (`completed = 2`, then `diagnostics = 1`). Only the
 * Provider service: the Provisioner's GetSchema and Stop share names with the Provider's but
 * not response types. Stop and StopProvider are left out: their Response has only a string.
 * Read from proto/tfplugin5/tfplugin5.proto and proto/tfplugin6/tfplugin6.proto; checked
 * against the generated decoders by cancelled-response.test.ts.
 */
const diagnosticsFields: Readonly<Record<number, Readonly<Record<string, readonly number[]>>>> = {
  5: {
    GetMetadata: [2],
    GetSchema: [4],
    PrepareProviderConfig: [2],
    ValidateResourceTypeConfig: [1],
    ValidateDataSourceConfig: [1],
    UpgradeResourceState: [2],
    GetResourceIdentitySchemas: [2],
    UpgradeResourceIdentity: [2],
    Configure: [1],
    ReadResource: [2],
    PlanResourceChange: [4],
    ApplyResourceChange: [3],
    ImportResourceState: [2],
    MoveResourceState: [2],
    ReadDataSource: [2],
    GenerateResourceConfig: [2],
    ValidateEphemeralResourceConfig: [1],
    OpenEphemeralResource: [1],
    RenewEphemeralResource: [1],
    CloseEphemeralResource: [1],
    ListResource: [4],
    ValidateListResourceConfig: [1],
    GetFunctions: [2],
    PlanAction: [1],
    InvokeAction: [2, 1],
    ValidateActionConfig: [1],
  },
  6: {
    GetMetadata: [2],
    GetProviderSchema: [4],
    ValidateProviderConfig: [2],
    ValidateResourceConfig: [1],
    ValidateDataResourceConfig: [1],
    UpgradeResourceState: [2],
    GetResourceIdentitySchemas: [2],
    UpgradeResourceIdentity: [2],
    ConfigureProvider: [1],
    ReadResource: [2],
    PlanResourceChange: [4],
    ApplyResourceChange: [3],
    ImportResourceState: [2],
    MoveResourceState: [2],
    ReadDataSource: [2],
    GenerateResourceConfig: [2],
    ValidateEphemeralResourceConfig: [1],
    OpenEphemeralResource: [1],
    RenewEphemeralResource: [1],
    CloseEphemeralResource: [1],
    ListResource: [4],
    ValidateListResourceConfig: [1],
    GetFunctions: [2],
    ValidateStateStoreConfig: [1],
    ConfigureStateStore: [1],
    ReadStateBytes: [4],
    WriteStateBytes: [1],
    LockState: [2],
    UnlockState: [1],
    GetStates: [2],
    DeleteState: [1],
    PlanAction: [1],
    InvokeAction: [2, 1],
    ValidateActionConfig: [1],
  },
};

/** Functions have no diagnostics: CallFunction.Response `error = 2`, FunctionError `text = 1` (both protocols). */
const callFunctionErrorText = [2, 1] as const;

/** Diagnostic's fields and its ERROR severity, the same in both protocols. */
const diagnostic = { severity: 1, summary: 2, detail: 3, severityError: 1 } as const;

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;

/**
 * The encoded Response of `method` carrying one error diagnostic with `summary` and `detail`
 * (for CallFunction, a FunctionError reading "summary: detail"); for a server-streaming RPC,
 * one stream message carrying it. Undefined when the Response has no place for a diagnostic
 * (Stop, StopProvider) or the method or protocol version is unknown.
 */
export function cancelledResponse(
  protocolVersion: number,
  method: string,
  summary: string,
  detail: string,
): Uint8Array | undefined {
  const fields = diagnosticsFields[protocolVersion];
  if (fields === undefined) return undefined;
  if (method === "CallFunction") return nest(callFunctionErrorText, utf8.encode(`${summary}: ${detail}`));
  // Own properties only, so that "toString" or "constructor" is not taken for an RPC.
  if (!Object.hasOwn(fields, method)) return undefined;
  return nest(fields[method]!, errorDiagnostic(summary, detail));
}

const utf8 = new TextEncoder();

function errorDiagnostic(summary: string, detail: string): Uint8Array {
  return concat([
    varint(diagnostic.severity * 8 + WIRE_VARINT),
    varint(diagnostic.severityError),
    lengthDelimited(diagnostic.summary, utf8.encode(summary)),
    lengthDelimited(diagnostic.detail, utf8.encode(detail)),
  ]);
}

/** `content` as the innermost of the message fields `path`, each wrapping the next. */
function nest(path: readonly number[], content: Uint8Array): Uint8Array {
  return path.reduceRight((inner, field) => lengthDelimited(field, inner), content);
}

function lengthDelimited(field: number, content: Uint8Array): Uint8Array {
  return concat([varint(field * 8 + WIRE_LENGTH_DELIMITED), varint(content.length), content]);
}

function varint(n: number): Uint8Array {
  const bytes: number[] = [];
  // Division rather than bit shifts, which would cut n to 32 bits.
  for (; n >= 0x80; n = Math.floor(n / 0x80)) bytes.push((n % 0x80) | 0x80);
  bytes.push(n);
  return Uint8Array.from(bytes);
}

// A fresh Uint8Array, not a Buffer: a small Buffer is a view into Node's shared pool, which
// must not be transferred to another thread.
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The string at field 1 of a request, where most Provider requests keep the type name of the
 * resource, data source, ephemeral resource, list resource, state store or action, or the
 * function's name. The caller knows which methods those are: Configure's field 1 is the host's
 * version, ValidateProviderConfig's a message. Undefined when there is no such field or the
 * bytes are not a well-formed message up to it; never throws, since the bytes come off the wire.
 */
export function requestTypeName(request: Uint8Array): string | undefined {
  let pos = 0;
  // Undefined when the varint runs off the end or past the ten bytes a 64-bit value takes.
  const readVarint = (): number | undefined => {
    let value = 0;
    for (let shift = 1, i = 0; i < 10 && pos < request.length; shift *= 0x80, i++) {
      const byte = request[pos++]!;
      value += (byte & 0x7f) * shift;
      if (byte < 0x80) return value;
    }
    return undefined;
  };

  while (pos < request.length) {
    const tag = readVarint();
    if (tag === undefined || tag < 8) return undefined; // field 0 does not exist
    const field = Math.floor(tag / 8);
    switch (tag % 8) {
      case WIRE_VARINT:
        if (readVarint() === undefined) return undefined;
        break;
      case WIRE_FIXED64:
        pos += 8;
        break;
      case WIRE_FIXED32:
        pos += 4;
        break;
      case WIRE_LENGTH_DELIMITED: {
        const length = readVarint();
        if (length === undefined || length > request.length - pos) return undefined;
        if (field === 1) {
          try {
            return strictUtf8.decode(request.subarray(pos, pos + length));
          } catch {
            return undefined; // not UTF-8, so not a string field
          }
        }
        pos += length;
        break;
      }
      default:
        return undefined; // groups (3, 4) appear in no tfplugin message; 6 and 7 do not exist
    }
  }
  // Also where a fixed-size field ran past the end.
  return undefined;
}
