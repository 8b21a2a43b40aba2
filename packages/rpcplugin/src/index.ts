export { createServerCertificate, type ServerCertificate } from "./auto-mtls.js";
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
export {
  MAX_MESSAGE_BYTES,
  type PluginService,
  type RunningPlugin,
  type ServePluginOptions,
  servePlugin,
} from "./server.js";
