// Where the plugin listens: a unix socket (go-plugin's default everywhere but Windows), or
// TCP on 127.0.0.1 within the host's port range. The server owns the listening socket (grpc-js
// in the main thread, wire-server.ts in the control thread); this module picks the address
// and tells it to bind there.
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HandshakeError } from "./handshake.js";

/**
 * How the plugin listens: on a unix socket (the default), or on TCP at 127.0.0.1 (the default on
 * Windows).
 */
export type Transport = "unix" | "tcp";

/** Where `listen` listens, and how to remove what it left on disk. */
export interface Listening {
  readonly network: Transport;
  /** The socket path, or 127.0.0.1:PORT. */
  readonly address: string;
  /** Removes what listening left on disk (the socket file). */
  cleanup(): void;
}

/** go-plugin listens on TCP on Windows and on a unix socket elsewhere. */
export function defaultTransport(platform: NodeJS.Platform = process.platform): Transport {
  return platform === "win32" ? "tcp" : "unix";
}

/** Where a server is told to listen: a unix socket's path, or a port on 127.0.0.1 (0: any). */
export type BindTarget = { readonly unix: string } | { readonly tcpPort: number };

/** Makes the server listen at `target`; resolves with the port it got (any number for a socket). */
export type Bind = (target: BindTarget) => Promise<number>;

export async function listen(bind: Bind, transport: Transport, env: NodeJS.ProcessEnv): Promise<Listening> {
  return transport === "tcp" ? listenTcp(bind, env) : listenUnix(bind, env);
}

async function listenUnix(bind: Bind, env: NodeJS.ProcessEnv): Promise<Listening> {
  const dir = env.PLUGIN_UNIX_SOCKET_DIR || tmpdir();
  const path = join(dir, `plugin${randomBytes(6).toString("hex")}`);
  try {
    await bind({ unix: path });
  } catch (err) {
    throw new HandshakeError(
      `cannot listen on unix socket ${path}: ${(err as Error).message}` +
        (env.PLUGIN_UNIX_SOCKET_DIR ? " (the directory comes from PLUGIN_UNIX_SOCKET_DIR)" : ""),
    );
  }
  const cleanup = () => rmSync(path, { force: true });
  const group = env.PLUGIN_UNIX_SOCKET_GROUP;
  if (group) {
    try {
      // As go-plugin does: the group may connect too (the host may run as another user).
      chownSync(path, -1, groupId(group));
      chmodSync(path, 0o660);
    } catch (err) {
      cleanup();
      throw new HandshakeError(
        `cannot give the socket to PLUGIN_UNIX_SOCKET_GROUP: ${(err as Error).message}`,
      );
    }
  }
  return { network: "unix", address: path, cleanup };
}

/** A group given by number or by name (from /etc/group, else the system's `getent`). */
export function groupId(group: string): number {
  if (/^\d+$/.test(group)) return Number(group);
  const fromFile = (text: string) =>
    text
      .split("\n")
      .map((line) => line.split(":"))
      .find((fields) => fields[0] === group)?.[2];
  let gid: string | undefined;
  try {
    gid = fromFile(readFileSync("/etc/group", "utf8"));
  } catch {
    // No /etc/group: the system's name service may still know it.
  }
  if (gid === undefined) {
    try {
      // Loaded here, not at the top: the control thread loads this module as it starts, and
      // needs child_process only for a group named in neither /etc/group nor by number.
      const { execFileSync } = process.getBuiltinModule("node:child_process");
      gid = fromFile(
        execFileSync("getent", ["group", group], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }),
      );
    } catch {
      // getent is missing or does not know the group either.
    }
  }
  if (gid === undefined || !/^\d+$/.test(gid)) {
    throw new Error(
      `there is no group named "${group}" on this system; give an existing group's name or number`,
    );
  }
  return Number(gid);
}

/** PLUGIN_MIN_PORT..PLUGIN_MAX_PORT as go-plugin reads them (absent means 0, "any port"). */
export function portRange(env: NodeJS.ProcessEnv): { min: number; max: number } {
  const read = (name: "PLUGIN_MIN_PORT" | "PLUGIN_MAX_PORT"): number => {
    const text = env[name];
    if (text === undefined || text === "") return 0;
    const port = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    if (!Number.isInteger(port) || port > 65535) {
      throw new HandshakeError(`${name} is "${text}", which is not a port number (0 to 65535)`);
    }
    return port;
  };
  const min = read("PLUGIN_MIN_PORT");
  const max = read("PLUGIN_MAX_PORT");
  if (min > max) {
    throw new HandshakeError(
      `PLUGIN_MIN_PORT (${min}) is greater than PLUGIN_MAX_PORT (${max}); the range is empty`,
    );
  }
  return { min, max };
}

async function listenTcp(bind: Bind, env: NodeJS.ProcessEnv): Promise<Listening> {
  const { min, max } = portRange(env);
  let lastError: unknown;
  for (let port = min; port <= max; port++) {
    try {
      const bound = await bind({ tcpPort: port });
      return { network: "tcp", address: `127.0.0.1:${bound}`, cleanup: () => {} };
    } catch (err) {
      lastError = err;
    }
  }
  throw new HandshakeError(
    `cannot listen on any TCP port from ${min} to ${max} on 127.0.0.1 (last error: ${(lastError as Error).message}); ` +
      "widen PLUGIN_MIN_PORT..PLUGIN_MAX_PORT or free a port in it",
  );
}
