#!/usr/bin/env node
// A stand-in for a host that can be killed, for host-watch.test.ts and apps/bench's host-gone
// bench (which kill it with SIGKILL):
//   - run as `node fake-host.cjs PLUGIN [ARGS...]`, it starts the plugin the way go-plugin's
//     client does (the magic cookie, the protocol versions, stdout and stderr on pipes),
//     prints the plugin's pid once the handshake line has come, then waits for ever;
//   - required, it gives startFakeHost(command, args), which runs it as a child process and
//     resolves with that process and the plugin's pid, and processEnded(pid), which tells when
//     the plugin is gone.
const { spawn } = require("node:child_process");
const { readFileSync } = require("node:fs");

/** Whether `pid` has ended: no such process, or a zombie nobody has reaped yet (Linux). */
function processEnded(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; Z is a zombie.
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") === true;
  } catch {
    // No /proc entry on Linux: it ended meanwhile. Elsewhere there is no /proc to ask.
    return process.platform === "linux";
  }
}

/** Runs this file as a host of `command` (with `args`); resolves once the plugin handshook. */
function startFakeHost(command, args = []) {
  return new Promise((resolve, reject) => {
    const host = spawn(process.execPath, [__filename, command, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    host.on("error", reject);
    host.on("exit", (code) =>
      reject(new Error(`the fake host exited (${code}) before the plugin handshook`)),
    );
    host.stdout.once("data", (chunk) => resolve({ host, pluginPid: Number(String(chunk).trim()) }));
  });
}

function main(command, args) {
  const plugin = spawn(command, args, {
    env: {
      ...process.env,
      TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  plugin.stderr.resume();
  plugin.stdout.once("data", () => process.stdout.write(`${plugin.pid}\n`));
  setInterval(() => {}, 1000);
}

if (require.main === module) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    process.stderr.write("usage: fake-host.cjs PLUGIN [ARGS...]\n");
    process.exit(2);
  }
  main(command, args);
}

module.exports = { processEnded, startFakeHost };
