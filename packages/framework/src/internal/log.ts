// The provider's own log: hclog JSON lines on stderr, which the host files under the provider
// at the level TF_LOG_PROVIDER (else TF_LOG) asks for.
import { createLogger, type Logger } from "@tsvider/rpcplugin";
import { redactingLogger } from "./log-values.js";

let logger: Logger | undefined;

/**
 * The provider's logger, made on first use so it reads the environment the host gave. It
 * masks the secrets of the RPC it runs in (see log-values.ts).
 */
export function providerLog(): Logger {
  logger ??= redactingLogger(createLogger({ module: "provider" }));
  return logger;
}

export function logError(message: string, err: unknown): void {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  providerLog().error(message, { error: text });
}
