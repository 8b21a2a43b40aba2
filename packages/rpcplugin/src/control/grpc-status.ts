// gRPC status codes, in a module of their own: the gRPC server (wire-server.ts) and the code
// that runs handlers on the main thread (handler-calls.ts) both answer with them, and the main
// thread must not load the server's http2 and tls to name one.

/** gRPC status codes, as the protocol numbers them. */
export const GrpcStatus = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  RESOURCE_EXHAUSTED: 8,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
} as const;
