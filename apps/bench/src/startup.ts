// Start-up: from spawning a provider to its handshake line, the moment the host can connect,
// as a ratio to starting Node itself (`node -e 0`) on the same machine. Median of 25 runs
// each, interleaved so that machine noise hits all variants alike. Target (targets.ts): the
// bundled script, as it ships, at most 1.3x.
//
// Variants: the reference provider as it ships (one file from tsvider's bundler, whose
// launcher keeps V8's compiled code between starts: Terraform starts a provider several
// times per command, so all starts but the first are warm), the same with that cache off
// (a first start), the same without TLS (what the certificate costs), and not bundled (its
// compiled modules loaded from the workspace). Each is launched as Terraform launches
// providers, with a client certificate (AutoMTLS), and stopped as Terraform stops them
// (gracefully, here with SIGTERM), which is when the launcher saves its cache. The warm bundle
// also runs served from the main thread (TSVIDER_CONTROL_THREAD=0), what the default control
// thread costs; and when NODE_EXTRA_CA_CERTS is set, without it too: Node loads the
// certificates that file names in every process it starts (about 45 ms of CPU for this
// machine's system bundle, by /usr/bin/time), which a provider pays where the host's
// environment sets it, and a Go provider never does; these two rows show what it costs the
// time to the handshake here.
import { fileURLToPath } from "node:url";
import { createServerCertificate } from "@tsvider/rpcplugin";
import { TARGETS, verdict } from "./targets.js";
import { timeStart } from "./time-start.js";
import { median } from "./timing.js";

const app = (path: string) =>
  fileURLToPath(new URL(`../../terraform-provider-tsvider/${path}`, import.meta.url));
const clientCertificate = createServerCertificate().certificatePem;
const hostEnv = (tls: boolean): NodeJS.ProcessEnv => ({
  ...process.env,
  TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
  PLUGIN_PROTOCOL_VERSIONS: "5,6",
  TF_LOG: "",
  TF_LOG_PROVIDER: "",
  ...(tls ? { PLUGIN_CLIENT_CERT: clientCertificate } : {}),
});

interface Variant {
  readonly name: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Done at the first stdout line (a plugin's handshake) rather than at exit. */
  readonly handshake: boolean;
}

const bundle = app("dist/terraform-provider-tsvider.cjs");
const variants: readonly Variant[] = [
  { name: "node -e 0", args: ["-e", "0"], env: process.env, handshake: false },
  { name: "bundled (warm)", args: [bundle], env: hostEnv(true), handshake: true },
  {
    name: "bundled, first start",
    args: [bundle],
    env: { ...hostEnv(true), TSVIDER_COMPILE_CACHE: "0" },
    handshake: true,
  },
  { name: "bundled, no TLS (warm)", args: [bundle], env: hostEnv(false), handshake: true },
  {
    name: "bundled, main thread",
    args: [bundle],
    env: { ...hostEnv(true), TSVIDER_CONTROL_THREAD: "0" },
    handshake: true,
  },
  { name: "not bundled", args: [app("dist/main.js")], env: hostEnv(true), handshake: true },
  ...(process.env.NODE_EXTRA_CA_CERTS
    ? [
        {
          name: "node -e 0, no extra CAs",
          args: ["-e", "0"],
          env: withoutExtraCAs(process.env),
          handshake: false,
        },
        {
          name: "bundled, no extra CAs",
          args: [bundle],
          env: withoutExtraCAs(hostEnv(true)),
          handshake: true,
        },
      ]
    : []),
];

function withoutExtraCAs(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _, ...rest } = env;
  return rest;
}

function once(variant: Variant): Promise<number> {
  return timeStart({ ...variant, command: process.execPath });
}

const RUNS = 25;
const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
for (const v of variants) await once(v); // warm the file cache
for (let i = 0; i < RUNS; i++) {
  for (const v of variants) samples.get(v.name)!.push(await once(v));
}
const baseline = median(samples.get("node -e 0")!);
console.log(
  `start-up to the handshake line, median of ${RUNS} runs (target: bundled ${TARGETS.scriptStart.rule})`,
);
for (const v of variants) {
  const m = median(samples.get(v.name)!);
  const target = v.name === "bundled (warm)" ? `  ${verdict(TARGETS.scriptStart, m / baseline)}` : "";
  console.log(
    `  ${v.name.padEnd(26)} ${m.toFixed(1).padStart(7)} ms  ${(m / baseline).toFixed(2)}x${target}`,
  );
}
