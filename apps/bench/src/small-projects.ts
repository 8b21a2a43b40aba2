// Small projects, where OpenTofu starts a provider more often than the provider works: `tofu
// apply`, a no-op `plan` and `destroy` of N files (N = 10 and 100) with the reference provider's
// tsvider_file_content against the same configuration on a Go provider built with
// terraform-plugin-framework 1.19.0 (tooling/oracles/goprovider's goprov_file, local_file's
// core) and on a Python one built with pyvider (tooling/pyvider: pyprov_file, the same resource
// on the pinned pyvider from PyPI, in a venv that tooling/pyvider/install keeps), all installed
// through one filesystem mirror and run by the pinned OpenTofu. Ours runs in three forms, as
// three versions of one provider in the mirror: the bundled script the examples use (0.1.0), the
// single executable `tsvider build` makes (0.3.0) and one with a start-up snapshot (`tsvider
// build --snapshot`, 0.2.0, which serves from the main thread), and the script again as "main",
// served from the main thread rather than the default control thread. OpenTofu checks the whole executable against the lock file's hash
// at every command, so a 130 MB single executable pays about a tenth of a second per command
// that the 3 MB script does not (pyvider's executable is a few lines that start the venv's
// Python, so it pays nothing there). Runs are paired (each provider in turn, RUNS times) and the
// table gives medians and the ratios to Go. Target (targets.ts): at most 1.2x at 10 and 100
// files, for the script as it ships; pyvider is there for scale, with no target.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveTofu, type Workdir } from "@tsvider/conformance";
import { buildExecutable } from "tsvider/build/executable";
import { filesConfiguration } from "./files-configuration.js";
import {
  FILE_STEPS,
  goProvider,
  initWorkdir,
  installMirror,
  pyviderProvider,
  referenceProject,
  referenceScript,
} from "./provider-peers.js";
import { TARGETS, verdict } from "./targets.js";
import { median } from "./timing.js";

const RUNS = Number(process.env.TSVIDER_BENCH_SMALL_RUNS ?? 3);
const SIZES = [10, 100];

const root = await mkdtemp(join(tmpdir(), "tsvider-bench-small-"));
const sea = await buildExecutable({ project: referenceProject("0.3.0"), outDir: join(root, "sea") });
const snapshot = await buildExecutable({
  project: referenceProject("0.2.0"),
  outDir: join(root, "snapshot"),
  snapshot: true,
});

const providers = [
  {
    name: "tsvider",
    type: "tsvider",
    version: "0.1.0",
    resource: "tsvider_file_content",
    executable: referenceScript,
  },
  // The same script served from the main thread (TSVIDER_CONTROL_THREAD=0): what the control
  // thread, the default, costs a small project (docs/control-thread.md).
  {
    name: "main",
    type: "tsvider",
    version: "0.1.0",
    resource: "tsvider_file_content",
    executable: referenceScript,
    env: { TSVIDER_CONTROL_THREAD: "0" },
  },
  {
    name: "sea",
    type: "tsvider",
    version: "0.3.0",
    resource: "tsvider_file_content",
    executable: sea.path,
  },
  {
    name: "snapshot",
    type: "tsvider",
    version: "0.2.0",
    resource: "tsvider_file_content",
    executable: snapshot.path,
  },
  { name: "Go", type: "goprov", version: "0.1.0", resource: "goprov_file", executable: goProvider() },
  {
    name: "pyvider",
    type: "pyprov",
    version: "0.1.0",
    resource: "pyprov_file",
    executable: pyviderProvider(),
  },
] as const;

try {
  const cliConfigFile = await installMirror(root, providers);
  const tofu = resolveTofu();

  console.log(
    `small projects through ${tofu}: N files applied, planned again (no changes) and destroyed; median of ${RUNS} paired runs`,
  );
  console.log(
    `  ${"N".padStart(4)}  ${"step".padEnd(11)} ${"script".padStart(9)} ${"main".padStart(9)} ${"sea".padStart(9)} ${"snapshot".padStart(9)} ${"Go".padStart(9)} ${"pyvider".padStart(9)}  script/Go  main/Go  sea/Go  snapshot/Go  pyvider/Go`,
  );
  /** The script's largest ratio to Go, and where: what the target is checked against. */
  let worst: { ratio: number; where: string } | undefined;
  for (const n of SIZES) {
    const times = new Map<string, number[]>();
    const dirs = new Map<string, Workdir>();
    for (const p of providers) {
      const dir = join(root, `${p.name}-${n}`);
      const extraEnv = "env" in p ? p.env : undefined;
      dirs.set(
        p.name,
        await initWorkdir({
          dir,
          config: filesConfiguration(p, n),
          tofu,
          cliConfigFile,
          ...(extraEnv ? { extraEnv } : {}),
        }),
      );
    }
    for (let r = 0; r < RUNS; r++) {
      for (const p of providers) {
        for (const step of FILE_STEPS) {
          const started = performance.now();
          await dirs.get(p.name)!.run([...step.args]);
          const key = `${p.name} ${step.name}`;
          times.set(key, [...(times.get(key) ?? []), performance.now() - started]);
        }
      }
    }
    for (const step of FILE_STEPS) {
      const of = (name: string) => median(times.get(`${name} ${step.name}`)!);
      const go = of("Go");
      const ms = (x: number) => `${x.toFixed(0)} ms`.padStart(9);
      const ratio = (x: number, width: number) => `${(x / go).toFixed(2)}x`.padStart(width);
      console.log(
        `  ${String(n).padStart(4)}  ${step.name.padEnd(11)} ${ms(of("tsvider"))} ${ms(of("main"))} ${ms(of("sea"))} ${ms(of("snapshot"))} ${ms(go)} ${ms(of("pyvider"))}  ${ratio(of("tsvider"), 9)}  ${ratio(of("main"), 7)}  ${ratio(of("sea"), 6)}  ${ratio(of("snapshot"), 11)}  ${ratio(of("pyvider"), 10)}`,
      );
      const scriptRatio = of("tsvider") / go;
      if (worst === undefined || scriptRatio > worst.ratio) {
        worst = { ratio: scriptRatio, where: `${n} files, ${step.name}` };
      }
    }
  }
  if (worst !== undefined) {
    console.log(
      `  target: the script ${TARGETS.smallProjects.rule}; its largest ratio ${worst.ratio.toFixed(2)}x (${worst.where}): ${verdict(TARGETS.smallProjects, worst.ratio)}`,
    );
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
