/**
 * A HashiCorp go-plugin server (and client) for Node.js: the handshake line, unix and TCP
 * listeners, AutoMTLS, go-plugin's own gRPC services, hclog logging and debug reattach. The
 * generated tfplugin5 and tfplugin6 bindings are in the subpath modules of the same names.
 *
 * @packageDocumentation
 * @mergeModuleWith <project>
 */
export { createServerCertificate, type ServerCertificate } from "./auto-mtls.js";
export {
  type GrpcClientConstructor,
  type PluginClient,
  type PluginClientOptions,
  PluginStartError,
  parseHandshakeLine,
  startPluginClient,
} from "./client.js";
export { installCrashHandlers, panicText } from "./crash.js";
export { type ReattachConfig, reattachInstructions, reattachJson } from "./debug.js";
export {
  CORE_PROTOCOL_VERSION,
  checkMagicCookie,
  formatHandshakeLine,
  HandshakeError,
  type HandshakeLine,
  type MagicCookie,
  NotLaunchedByHostError,
  negotiateProtocolVersion,
  terraformMagicCookie,
} from "./handshake.js";
export { defaultTransport, groupId, type Listening, portRange, type Transport } from "./listener.js";
export {
  createLogger,
  formatEntry,
  hclogTimestamp,
  type LogFields,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  logLevelFromEnv,
} from "./log.js";
export {
  debugRequested,
  MAX_MESSAGE_BYTES,
  type PluginService,
  type RunningPlugin,
  type ServePluginOptions,
  type ServicesForVersion,
  servePlugin,
} from "./server.js";
export {
  afterStartupSnapshot,
  buildingStartupSnapshot,
  onStartupSnapshotRestore,
  refreshEntropyCaches,
} from "./snapshot.js";
