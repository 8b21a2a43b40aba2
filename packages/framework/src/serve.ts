// Serving a provider: the go-plugin server from @tsvider/rpcplugin with the tfplugin6
// provider service on top.
import { basename } from "node:path";
import { type RunningPlugin, servePlugin } from "@tsvider/rpcplugin";
import { ProviderService } from "@tsvider/rpcplugin/tfplugin6";
import type { Provider } from "./provider.js";
import { ProviderServer } from "./server/provider-server.js";
import { providerService } from "./v6/provider-service.js";

export interface ServeOptions {
  /** For tests: the environment to read instead of process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** For tests: where the handshake line goes instead of stdout. */
  readonly writeHandshake?: (line: string) => void;
  /** For tests: what ends the process instead of process.exit. */
  readonly exit?: (code: number) => void;
}

/** Serves `provider` to the tofu or terraform process that launched this one. */
export async function serve(provider: Provider, options: ServeOptions = {}): Promise<RunningPlugin> {
  installCrashHandlers();
  const server = new ProviderServer(provider);
  return servePlugin({
    programName: basename(process.argv[1] ?? `terraform-provider-${provider.name}`),
    versions: { 6: [{ definition: ProviderService, implementation: providerService(server) }] },
    ...options,
  });
}

let crashHandlersInstalled = false;

/**
 * Handler errors are caught per RPC; anything that still escapes is a bug. It is written as
 * `panic:` lines, which the host captures and prints as a crash report, then the process exits
 * non-zero: continuing in an unknown state could corrupt what the provider manages.
 */
function installCrashHandlers(): void {
  if (crashHandlersInstalled) return;
  crashHandlersInstalled = true;
  const crash = (err: unknown) => {
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    process.stderr.write(`panic: ${text.split("\n").join("\n\t")}\n`);
    process.exit(2);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
}
