// A plugin whose host is killed outright (SIGKILL: no Shutdown, no SIGTERM) exits by itself,
// where it would otherwise stay orphaned for ever: a real host process (a small Node program
// that starts the fixture plugin as go-plugin's client does, with the magic cookie and a pipe
// for stdout) is killed, and the plugin's process must end.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { terraformMagicCookie } from "./handshake.js";
import { HOST_WATCH_INTERVAL_MS, hostGone } from "./host-watch.js";

const fixture = fileURLToPath(new URL("../test/fixture-plugin.mjs", import.meta.url));

/**
 * A guard against a hang, not a timing: the plugin exits about HOST_WATCH_INTERVAL_MS after its
 * host (plus at most a second of graceful stop); a loaded machine may take longer.
 */
const EXIT_DEADLINE_MS = 60_000;

/** The host: starts the plugin, prints its pid once the handshake line came, then waits. */
const hostProgram = `
const { spawn } = require("node:child_process");
const plugin = spawn(process.execPath, [${JSON.stringify(fixture)}], {
  env: { ...process.env, ${JSON.stringify(terraformMagicCookie.key)}: ${JSON.stringify(terraformMagicCookie.value)}, PLUGIN_PROTOCOL_VERSIONS: "6" },
  stdio: ["ignore", "pipe", "pipe"],
});
plugin.stderr.resume();
plugin.stdout.once("data", () => process.stdout.write(plugin.pid + "\\n"));
setInterval(() => {}, 1000);
`;

/** Whether `pid` has ended: no such process, or a zombie nobody has reaped yet. */
function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; Z is a zombie.
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") === true;
  } catch {
    return process.platform === "linux";
  }
}

function startHost(): Promise<{ host: ChildProcess; pluginPid: number }> {
  return new Promise((resolve, reject) => {
    const host = spawn(process.execPath, ["-e", hostProgram], { stdio: ["ignore", "pipe", "inherit"] });
    host.on("error", reject);
    host.stdout!.once("data", (chunk: Buffer) => resolve({ host, pluginPid: Number(String(chunk).trim()) }));
  });
}

describe("a plugin whose host is killed", () => {
  it("sees its own parent as present", () => {
    expect(hostGone(process.ppid)).toBe(false);
    expect(hostGone(process.ppid + 1_000_000)).toBe(true);
  });

  it("exits by itself once its host is gone (SIGKILL: no Shutdown, no SIGTERM)", async () => {
    const { host, pluginPid } = await startHost();
    expect(pluginPid).toBeGreaterThan(0);
    expect(ended(pluginPid)).toBe(false);
    // Still there while the host lives, past several checks of the watch.
    await new Promise((r) => setTimeout(r, 3 * HOST_WATCH_INTERVAL_MS));
    expect(ended(pluginPid)).toBe(false);

    const killedAt = performance.now();
    host.kill("SIGKILL");
    while (!ended(pluginPid) && performance.now() - killedAt < EXIT_DEADLINE_MS) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const took = performance.now() - killedAt;
    process.stderr.write(
      ended(pluginPid)
        ? `the plugin exited ${took.toFixed(0)} ms after its host was killed\n`
        : `the plugin was still running ${took.toFixed(0)} ms after its host was killed\n`,
    );
    expect(ended(pluginPid)).toBe(true);
  }, 120_000);
});
