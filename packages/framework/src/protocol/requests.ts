// What the handlers of every component kind share about requests and answers: a request's
// values decoded against a component's type (their secrets remembered, so every log line of the
// RPC masks them), the provider's own configuration and provider_meta, an answer's values
// encoded, the client capabilities a request carries, and private bytes handed to the
// generated messages without a copy.
import type { CtyType, CtyValue } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import type { Schema } from "../schema/schema.js";
import type { ProviderServer } from "../server/provider-server.js";
import { hiddenTestOnlyHint } from "../test-mode.js";
import type { ObjectValue } from "../values/object-value.js";
import { decodeDynamic, encodeDynamic, type WireDynamicValue } from "./wire.js";

/** A DynamicValue as the generated request messages hold it. */
export type RequestValue = { readonly msgpack?: Uint8Array; readonly json?: Uint8Array } | undefined;

/** What a request says the host can take. */
export interface ClientCapabilities {
  readonly writeOnlyAttributesAllowed?: boolean;
  readonly deferralAllowed?: boolean;
}

/** A component whose values requests carry: a resource, a data source, ... */
interface ValuesOf {
  readonly typeName: string;
  readonly schema: Schema;
  readonly valueType: CtyType;
}

/**
 * A request's object for `component` (its configuration, state or plan): null when Terraform
 * sent none, undefined with an error diagnostic when it does not fit the component's type.
 */
export function decodeObject(
  value: RequestValue,
  component: ValuesOf,
  diagnostics: Diagnostics,
  what: string,
): ObjectValue | null | undefined {
  const decoded = decodeDynamic(
    value,
    component.valueType,
    diagnostics,
    `${what} for ${component.typeName}`,
  ) as ObjectValue | null | undefined;
  rememberSecrets(component.schema, decoded);
  return decoded;
}

/** An answer's object for `component`; undefined with an error diagnostic when it does not fit. */
export function encodeObject(
  value: CtyValue,
  component: ValuesOf,
  diagnostics: Diagnostics,
  what: string,
): WireDynamicValue | undefined {
  return encodeDynamic(value, component.valueType, diagnostics, `${component.typeName} ${what}`);
}

/** The provider's own configuration (ValidateProviderConfig, ConfigureProvider). */
export function decodeProviderConfig(
  server: ProviderServer,
  value: RequestValue,
  diagnostics: Diagnostics,
): ObjectValue | null | undefined {
  const decoded = decodeDynamic(value, server.provider.configType, diagnostics, "provider configuration") as
    | ObjectValue
    | null
    | undefined;
  rememberSecrets(server.provider.schema ?? {}, decoded);
  return decoded;
}

/**
 * The request's provider_meta (../provider-meta.ts): null unless the provider declares a
 * metaSchema and the module sets one.
 */
export function decodeProviderMeta(
  server: ProviderServer,
  value: RequestValue,
  diagnostics: Diagnostics,
): ObjectValue | null | undefined {
  const { metaType, metaSchema } = server.provider;
  if (metaType === undefined || metaSchema === undefined) return null;
  const decoded = decodeDynamic(value, metaType, diagnostics, "provider_meta") as
    | ObjectValue
    | null
    | undefined;
  rememberSecrets(metaSchema, decoded);
  return decoded;
}

/**
 * The error for a request naming a `kind` the provider has none of: it lists the type names the
 * provider has (and says so when the one asked for is test-only and hidden), then what to check.
 */
export function unknownType(
  diagnostics: Diagnostics,
  server: ProviderServer,
  kind: "resource" | "data source" | "ephemeral resource",
  typeName: string,
  check = `Check the ${kind} type in your configuration, or upgrade the provider.`,
): undefined {
  const byType = {
    resource: server.provider.resourcesByType,
    "data source": server.provider.dataSourcesByType,
    "ephemeral resource": server.provider.ephemeralResourcesByType,
  }[kind];
  const known = [...byType.keys()].join(", ") || "none";
  diagnostics.addError(
    `Unknown ${kind} type ${typeName}`,
    `The provider ${server.provider.name} has no ${kind} type "${typeName}" (it has: ${known}).${hiddenTestOnlyHint(server.provider, typeName)} ${check}`,
  );
  return undefined;
}

/** Private bytes as the generated messages hold them, without a copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
