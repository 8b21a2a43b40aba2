// Where a provider's peak memory lives: a `tofu apply` of N files (default 1,000) with the
// reference provider as the examples run it (the bundled script), served from a control thread
// (the default) and from the main thread (TSVIDER_CONTROL_THREAD=0, which OpenTofu passes on to
// its plugins), and the Go terraform-plugin-framework provider of tooling/oracles/goprovider
// beside them. While each apply runs, the bench reads every provider process's resident size
// every 20 ms (/proc/<pid>/status) and, each time one reaches a new high, its memory map
// (/proc/<pid>/smaps). The table sorts the resident pages of the process with the highest peak
// by what they are, with an idle `node -e` for scale. docs/memory.md reads from it.
//
// Anonymous memory carries no name, so it is sorted by how it is mapped and where it lies, which
// holds on Linux x64: V8's compiled code is the only executable anonymous mapping; V8 places its
// heap pages at random addresses below 2^46 (and Go its heap arenas at 0xc000000000), while the
// kernel puts other mappings (glibc's per-thread malloc arenas, which start on a 64 MiB boundary,
// thread stacks and large allocations) near the shared libraries, above them. An approximation, good to a few MiB: information for the next change, not a
// pass/fail figure. Linux only.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, readlink, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveTofu } from "@tsvider/conformance";
import { filesConfiguration } from "./files-configuration.js";
import { goProvider, initWorkdir, installMirror, referenceScript } from "./provider-peers.js";

const N = Number(process.env.TSVIDER_BENCH_MEMORY_RESOURCES ?? 1000);
const MiB = 1024;

/** What resident pages are, in the table's order. */
const KINDS = [
  "executable: code",
  "executable: data",
  "shared libraries",
  "the runtime's heap (V8's pages, Go's arenas)",
  "compiled code (V8's code range)",
  "malloc: main arena",
  "malloc: threads' arenas",
  "other anonymous (stacks, large allocations)",
] as const;
type Kind = (typeof KINDS)[number];

/** A process's resident kibibytes by kind, from its smaps. */
function anatomy(smaps: string, executable: string): Map<Kind, number> {
  const kinds = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  for (const block of smaps.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const head = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ \S+[ \t]*(.*)$/m.exec(block);
    const rss = Number(/^Rss:\s+(\d+) kB/m.exec(block)?.[1] ?? 0);
    if (!head || rss === 0) continue;
    const [, start, perms, name] = head as unknown as [string, string, string, string];
    const address = BigInt(`0x${start}`);
    let kind: Kind;
    if (name === executable) kind = perms.includes("x") ? "executable: code" : "executable: data";
    else if (name.startsWith("/")) kind = "shared libraries";
    else if (name === "[heap]") kind = "malloc: main arena";
    else if (name !== "") kind = "other anonymous (stacks, large allocations)";
    else if (perms.includes("x")) kind = "compiled code (V8's code range)";
    else if (address < 2n ** 46n) kind = "the runtime's heap (V8's pages, Go's arenas)";
    else if (address % (64n * 1024n * 1024n) === 0n) kind = "malloc: threads' arenas";
    else kind = "other anonymous (stacks, large allocations)";
    kinds.set(kind, kinds.get(kind)! + rss);
  }
  return kinds;
}

interface Peak {
  /** The kernel's peak resident size of the process (VmHWM), KiB. */
  readonly hwmKiB: number;
  /** Resident size when `smaps` was read, KiB. */
  readonly rssKiB: number;
  readonly smaps: string;
  readonly executable: string;
}

/** Reads /proc every 20 ms until stopped; keeps each matching process's highest reading. */
function watch(matches: (cmdline: string) => boolean): { stop(): Promise<Peak | undefined> } {
  const peaks = new Map<string, Peak>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const pid of (await readdir("/proc")).filter((p) => /^\d+$/.test(p))) {
        try {
          if (!matches(await readFile(`/proc/${pid}/cmdline`, "utf8"))) continue;
          const status = await readFile(`/proc/${pid}/status`, "utf8");
          const rssKiB = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
          const hwmKiB = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
          const known = peaks.get(pid);
          if (known === undefined || rssKiB > known.rssKiB) {
            const smaps = await readFile(`/proc/${pid}/smaps`, "utf8");
            const executable = await readlink(`/proc/${pid}/exe`);
            peaks.set(pid, { hwmKiB, rssKiB, smaps, executable });
          } else if (hwmKiB > known.hwmKiB) peaks.set(pid, { ...known, hwmKiB });
        } catch {
          // The process ended between two reads.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return [...peaks.values()].sort((a, b) => b.hwmKiB - a.hwmKiB)[0];
    },
  };
}

/** An idle `node -e`, read half a second after its start. */
async function idleNode(): Promise<Peak> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)"], { stdio: "ignore" });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await readFile(`/proc/${child.pid}/status`, "utf8");
    return {
      hwmKiB: Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0),
      rssKiB: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0),
      smaps: await readFile(`/proc/${child.pid}/smaps`, "utf8"),
      executable: await readlink(`/proc/${child.pid}/exe`),
    };
  } finally {
    child.kill();
  }
}

if (process.platform !== "linux") {
  console.log("memory anatomy: skipped, it reads Linux's /proc");
} else {
  const root = await mkdtemp(join(tmpdir(), "tsvider-bench-memory-"));
  try {
    const tofu = resolveTofu();
    const go = goProvider();
    const cliConfigFile = await installMirror(root, [
      { type: "tsvider", version: "0.1.0", executable: referenceScript },
      { type: "goprov", version: "0.1.0", executable: go },
    ]);
    const ways = [
      { name: "control thread", type: "tsvider", resource: "tsvider_file_content", env: {} },
      {
        name: "main thread",
        type: "tsvider",
        resource: "tsvider_file_content",
        env: { TSVIDER_CONTROL_THREAD: "0" },
      },
      { name: "Go framework", type: "goprov", resource: "goprov_file", env: {} },
    ] as const;
    const columns: { name: string; peak: Peak | undefined }[] = [];
    for (const way of ways) {
      process.stderr.write(`memory anatomy: apply of ${N} files, ${way.name}\n`);
      const work = await initWorkdir({
        dir: join(root, way.name.replace(/\W+/g, "-")),
        config: filesConfiguration({ type: way.type, version: "0.1.0", resource: way.resource }, N),
        tofu,
        cliConfigFile,
        extraEnv: way.env,
      });
      const watching = watch((cmdline) => cmdline.includes(`terraform-provider-${way.type}`));
      await work.run(["apply", "-auto-approve", "-no-color"]);
      columns.push({ name: way.name, peak: await watching.stop() });
    }
    columns.push({ name: "node -e, idle", peak: await idleNode() });

    const mib = (kib: number) => (kib / MiB).toFixed(1);
    const width = 46;
    console.log(
      `Memory anatomy: the provider process with the highest peak over \`tofu apply\` of ${N} files (the reference provider as its bundled script on Node ${process.version}), resident MiB by what the pages are, read at that process's highest 20 ms sample`,
    );
    console.log(`  ${"".padEnd(width)}${columns.map((c) => c.name.padStart(16)).join("")}`);
    const tables = columns.map((c) => (c.peak ? anatomy(c.peak.smaps, c.peak.executable) : undefined));
    for (const kind of KINDS) {
      console.log(
        `  ${kind.padEnd(width)}${tables.map((t) => (t ? mib(t.get(kind)!) : "-").padStart(16)).join("")}`,
      );
    }
    console.log(
      `  ${"resident at that sample".padEnd(width)}${columns.map((c) => (c.peak ? mib(c.peak.rssKiB) : "-").padStart(16)).join("")}`,
    );
    console.log(
      `  ${"the kernel's peak (VmHWM)".padEnd(width)}${columns.map((c) => (c.peak ? mib(c.peak.hwmKiB) : "-").padStart(16)).join("")}`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
