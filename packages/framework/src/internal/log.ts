// The provider's own log: hclog JSON lines on stderr, which the host files under the provider
// at the level TF_LOG_PROVIDER (else TF_LOG) asks for.
import { createLogger, type Logger, onStartupSnapshotRestore } from "@tsvider/rpcplugin";
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

const componentLogs = new Map<string, Logger>();

// A logger made while a start-up snapshot was built has the build machine's level: forget it.
onStartupSnapshotRestore(() => {
  logger = undefined;
  componentLogs.clear();
});

/**
 * The logger handlers get as `ctx.log`: the provider's, named by the component (its type name,
 * or the provider's name), so `@module` reads `provider.mycloud_server`. It masks secrets as
 * the provider's logger does.
 */
export function componentLog(name: string): Logger {
  let log = componentLogs.get(name);
  if (!log) {
    log = providerLog().named(name);
    componentLogs.set(name, log);
  }
  return log;
}

export function logError(message: string, err: unknown): void {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  providerLog().error(message, { error: text });
}
