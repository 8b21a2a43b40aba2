// Reads a built provider's schema the way a host does: start it as a go-plugin client (protocol
// 6, else 5), call GetProviderSchema and GetResourceIdentitySchemas, and stop it.
import { type PluginClient, PluginStartError, startPluginClient } from "@tsvider/rpcplugin";
import * as tfplugin5 from "@tsvider/rpcplugin/tfplugin5";
import * as tfplugin6 from "@tsvider/rpcplugin/tfplugin6";
import { CliError } from "../cli/command.js";
import {
  type ProtoIdentitySchemas,
  type ProtoProviderSchema,
  ProviderSchemaError,
  providerSchemaFromProto,
} from "./from-proto.js";
import type { ProviderSchemaJson } from "./json.js";

export interface ReadProviderSchemaOptions {
  /** The provider executable (a single-file build, or a bundled script with a node shebang). */
  readonly executable: string;
  /** Arguments, e.g. the script when `executable` is node. */
  readonly args?: readonly string[];
  /** How messages name the provider; default the executable. */
  readonly name?: string;
  readonly signal?: AbortSignal;
  /** Added to the environment the provider starts with (TSVIDER_TESTMODE, TF_LOG, ...). */
  readonly env?: NodeJS.ProcessEnv;
}

/** grpc's UNIMPLEMENTED: the provider predates the RPC. */
const UNIMPLEMENTED = 12;

export async function readProviderSchema(options: ReadProviderSchemaOptions): Promise<ProviderSchemaJson> {
  const name = options.name ?? options.executable;
  let client: PluginClient;
  try {
    client = await startPluginClient({
      executable: options.executable,
      name,
      ...(options.args ? { args: options.args } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      protocolVersions: [6, 5],
    });
  } catch (err) {
    if (err instanceof PluginStartError) throw new CliError(`${err.message}`, { cause: err });
    throw err;
  }
  try {
    const provider = (client.protocolVersion === 6
      ? client.connect(tfplugin6.ProviderClient)
      : client.connect(tfplugin5.ProviderClient)) as unknown as RpcClient;
    // tfplugin5 calls it GetSchema.
    const getSchema = client.protocolVersion === 6 ? provider.getProviderSchema : provider.getSchema;
    const schema = await unary<ProtoProviderSchema>(getSchema!.bind(provider));
    let identity: ProtoIdentitySchemas | undefined;
    try {
      identity = await unary<ProtoIdentitySchemas>(provider.getResourceIdentitySchemas.bind(provider));
    } catch (err) {
      if ((err as RpcError).code !== UNIMPLEMENTED) throw err;
    }
    return providerSchemaFromProto(schema, identity);
  } catch (err) {
    if (err instanceof ProviderSchemaError) {
      throw new CliError(`${name}: ${err.message}; fix the provider's schema and build again`, {
        cause: err,
      });
    }
    if (typeof (err as RpcError).code === "number") {
      throw new CliError(
        `${name} failed to answer GetProviderSchema (${(err as RpcError).details}); ` +
          `its log may say why:\n  ${client.stderrLines.slice(-10).join("\n  ")}`,
        { cause: err },
      );
    }
    throw err;
  } finally {
    await client.close();
  }
}

/** What both protocol majors' generated clients have in common for the two calls made here. */
interface RpcClient {
  getProviderSchema?: Unary;
  getSchema?: Unary;
  getResourceIdentitySchemas: Unary;
}
type Unary = (request: object, callback: (error: RpcError | null, response: unknown) => void) => unknown;

interface RpcError extends Error {
  readonly code?: number;
  readonly details?: string;
}

function unary<T>(call: Unary): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    call({}, (error, response) => (error ? reject(error) : resolve(response as T)));
  });
}
