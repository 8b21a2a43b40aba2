// What a plugin's gRPC server (control/wire-server.ts, in the control thread or the main
// thread) holds to, as terraform-plugin-go's does.

/** 256 MiB, the limit terraform-plugin-go sets both ways; grpc-js defaults to 4 MiB. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/**
 * How long a stop waits for calls still running before it closes their connections. Graceful,
 * so that the answer to Shutdown itself reaches the host; the host SIGKILLs two seconds after
 * Shutdown anyway.
 */
export const GRACEFUL_STOP_MS = 1000;
