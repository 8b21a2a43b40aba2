// A plugin whose host is killed outright (SIGKILL: no Shutdown, no SIGTERM) exits by itself,
// where it would otherwise stay orphaned for ever: a real host process (test/fake-host.cjs,
// which starts the fixture plugin as go-plugin's client does, with the magic cookie and a pipe
// for stdout) is killed, and the plugin's process must end.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { HOST_WATCH_INTERVAL_MS, hostGone } from "./host-watch.js";

const fixture = fileURLToPath(new URL("../test/fixture-plugin.mjs", import.meta.url));
// The host that starts the fixture and is killed (shared with apps/bench's host-gone bench).
const { processEnded, startFakeHost } = createRequire(import.meta.url)(
  "../test/fake-host.cjs",
) as typeof import("../test/fake-host.cjs");

/**
 * A guard against a hang, not a timing: the plugin exits about HOST_WATCH_INTERVAL_MS after its
 * host (plus at most a second of graceful stop); a loaded machine may take longer.
 */
const EXIT_DEADLINE_MS = 60_000;

describe("a plugin whose host is killed", () => {
  it("sees its own parent as present", () => {
    expect(hostGone(process.ppid)).toBe(false);
    expect(hostGone(process.ppid + 1_000_000)).toBe(true);
  });

  it("exits by itself once its host is gone (SIGKILL: no Shutdown, no SIGTERM)", async () => {
    const { host, pluginPid } = await startFakeHost(process.execPath, [fixture]);
    expect(pluginPid).toBeGreaterThan(0);
    expect(processEnded(pluginPid)).toBe(false);
    // Still there while the host lives, past several checks of the watch.
    await new Promise((r) => setTimeout(r, 3 * HOST_WATCH_INTERVAL_MS));
    expect(processEnded(pluginPid)).toBe(false);

    host.kill("SIGKILL");
    // How long it takes is apps/bench's host-gone bench; here only that it ends.
    await vi.waitUntil(() => processEnded(pluginPid), { timeout: EXIT_DEADLINE_MS, interval: 50 });
    expect(processEnded(pluginPid)).toBe(true);
  }, 120_000);
});
