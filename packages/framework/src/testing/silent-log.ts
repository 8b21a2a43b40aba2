// For tests that call a handler directly with a context they build: every context carries
// `log`, and this one writes nothing.
import { createLogger, type Logger } from "@tsvider/rpcplugin";

/** A logger that writes nothing: `handler({ ...ctx, log: silentLog })`. */
export const silentLog: Logger = createLogger({ level: "off", write: () => {} });
