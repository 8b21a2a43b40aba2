// SIGTERM, the other way a host (or a supervisor) stops a plugin besides Shutdown: the plugin
// runs its onShutdown, removes its socket and exits with status 0, served from a control thread
// and from the main thread alike, even when the signal comes the moment the handshake line is
// out (with a control thread, the line is written by the thread while the main thread has not
// yet heard that serving began). The plugin is test/busy-plugin.mjs, which says "busy: shut
// down" from its onShutdown. The wait is a guard against a hang, not a timing.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createServerCertificate } from "./auto-mtls.js";
import { terraformMagicCookie } from "./handshake.js";

const fixture = fileURLToPath(new URL("../test/busy-plugin.mjs", import.meta.url));
const HANG_GUARD_MS = 60_000;

interface Stopped {
  readonly handshakeLine: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/** Starts the plugin as a host does (AutoMTLS), and sends SIGTERM as soon as its handshake line arrives. */
function startThenTerminate(env: NodeJS.ProcessEnv): Promise<Stopped> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fixture], {
      env: {
        ...process.env,
        ...env,
        [terraformMagicCookie.key]: terraformMagicCookie.value,
        PLUGIN_PROTOCOL_VERSIONS: "6",
        PLUGIN_CLIENT_CERT: createServerCertificate().certificatePem,
        TF_LOG: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const guard = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the plugin did not exit ${HANG_GUARD_MS} ms after SIGTERM`));
    }, HANG_GUARD_MS);
    let handshakeLine = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.once("data", (chunk: Buffer) => {
      handshakeLine = chunk.toString();
      child.kill("SIGTERM");
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(guard);
      resolve({ handshakeLine, code, signal, stderr });
    });
  });
}

describe("a plugin sent SIGTERM right after its handshake line", () => {
  for (const [how, env] of [
    ["from a control thread", { BUSY_CONTROL_THREAD: "1" }],
    ["from the main thread", { BUSY_CONTROL_THREAD: "0" }],
  ] as const) {
    it(`served ${how}, runs its onShutdown, removes its socket and exits with status 0`, async () => {
      const stopped = await startThenTerminate(env);
      expect(stopped.handshakeLine).toMatch(/^1\|6\|unix\|/);
      expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 0, signal: null });
      expect(stopped.stderr).toContain("busy: shut down");
      const socket = stopped.handshakeLine.split("|")[3]!;
      expect(existsSync(socket)).toBe(false);
    });
  }
});
