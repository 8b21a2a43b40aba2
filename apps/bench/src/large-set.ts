// Sets of 10,000 elements through plan and apply (the design's target: linear or n log n, never
// quadratic). The provider of the conformance scenario `large-sets` (a set of strings and a set
// of nested blocks, both echoed back; collections-provider.ts) is served in this process and
// attached to the pinned OpenTofu; for each size we time the host's commands (plan, apply, the
// no-op plan after it) and, from the provider's own metrics (tsvider_rpc_duration_seconds), the
// time spent inside the provider answering RPCs. The provider's growth from one size to twice it
// is reported as a ratio: about 2 is linear, about 4 quadratic. The host's own time is shown
// beside it: its handling of large sets is not ours to fix, but it is what practitioners wait for.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveTofu, Workdir } from "@tsvider/conformance";
import { serve } from "@tsvider/framework";
import { numbersLocal } from "./collections-configuration.js";
import { collectionsProvider } from "./collections-provider.js";

/** The scenario's configuration: `size` strings and `blocks` rule blocks. */
function config(size: number, blocks: number): string {
  return `terraform {
  required_providers {
    scn = { source = "tsvider/scn" }
  }
}
${numbersLocal(size)}
resource "scn_large_set" "s" {
  members = toset([for n in local.numbers : "m-\${n}"])
  dynamic "rules" {
    for_each = slice(local.numbers, 0, ${blocks})
    content {
      port = rules.value
      cidr = "10.\${floor(rules.value / 256) % 256}.\${rules.value % 256}.0/24"
    }
  }
}
`;
}

/** Seconds the provider has spent answering RPCs so far, from its Prometheus endpoint. */
async function providerSeconds(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  let total = 0;
  for (const line of text.split("\n")) {
    const m = /^tsvider_rpc_duration_seconds_sum\{[^}]*\} (\S+)$/.exec(line);
    if (m) total += Number(m[1]);
  }
  return total;
}

interface Row {
  readonly label: string;
  readonly size: number;
  readonly plan: number;
  readonly apply: number;
  readonly noop: number;
  readonly provider: number;
}

async function measure(label: string, size: number, blocks: number, tofu: string): Promise<Row> {
  const root = await mkdtemp(join(tmpdir(), "tsvider-bench-large-set-"));
  const running = await serve(collectionsProvider, {
    debug: true,
    address: "tsvider/scn",
    env: { ...process.env, TSVIDER_METRICS_PORT: "0" },
    writeHandshake: () => {},
    exit: () => {},
  });
  try {
    const port = running.metricsPort;
    if (port === undefined || running.reattach === undefined) {
      throw new Error("serve() returned no metrics port or reattach value");
    }
    const dir = join(root, "work");
    await mkdir(dir);
    await writeFile(join(dir, "main.tf"), config(size, blocks));
    await writeFile(join(root, "cli.tfrc"), "");
    const work = new Workdir({
      dir,
      binary: tofu,
      cliConfigFile: join(root, "cli.tfrc"),
      extraEnv: { TF_REATTACH_PROVIDERS: running.reattach },
    });
    await work.run(["init", "-no-color"]);
    const timed = async (args: string[]) => {
      const before = await providerSeconds(port);
      const start = performance.now();
      await work.run(args, { okCodes: [0, 2] });
      return { ms: performance.now() - start, providerMs: ((await providerSeconds(port)) - before) * 1000 };
    };
    const plan = await timed(["plan", "-no-color", "-input=false", "-out=bench.tfplan"]);
    const apply = await timed(["apply", "-no-color", "-input=false", "-auto-approve", "bench.tfplan"]);
    const noop = await timed(["plan", "-no-color", "-input=false", "-detailed-exitcode"]);
    return {
      label,
      size,
      plan: plan.ms,
      apply: apply.ms,
      noop: noop.ms,
      provider: plan.providerMs + apply.providerMs + noop.providerMs,
    };
  } finally {
    await running.stop();
    await rm(root, { recursive: true, force: true });
  }
}

const tofu = resolveTofu();
// OpenTofu's own checks of set values compare every planned element with every applied one,
// which grows quadratically and dominates at these sizes (minutes at 10,000 on two cores),
// so sizes are configurable: TSVIDER_BENCH_SET_SIZE (default 10,000 strings, run at a
// quarter, half and whole) and TSVIDER_BENCH_SET_BLOCKS (default 1,000 blocks, at half and whole).
const maxSize = Number(process.env.TSVIDER_BENCH_SET_SIZE ?? 10_000);
const maxBlocks = Number(process.env.TSVIDER_BENCH_SET_BLOCKS ?? 1000);
const runs: [string, number, number][] = [
  ["strings", maxSize / 4, 0],
  ["strings", maxSize / 2, 0],
  ["strings", maxSize, 0],
  ["blocks", maxBlocks / 2, maxBlocks / 2],
  ["blocks", maxBlocks, maxBlocks],
];
const rows: Row[] = [];
for (const [label, size, blocks] of runs) rows.push(await measure(label, size, blocks, tofu));

const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(10);
console.log("sets through plan and apply (pinned OpenTofu, provider in-process)");
console.log(
  "set        elements      plan     apply   no-op plan   in provider   provider growth (2x elements)",
);
for (const [i, row] of rows.entries()) {
  const prev = rows[i - 1];
  const growth =
    prev && prev.label === row.label && prev.size * 2 === row.size
      ? `${(row.provider / prev.provider).toFixed(2)}x`
      : "";
  console.log(
    `${row.label.padEnd(8)} ${String(row.size).padStart(10)} ${ms(row.plan)}${ms(row.apply)}${ms(row.noop)}  ${ms(row.provider)}     ${growth}`,
  );
}
console.log("target: provider growth about 2x per doubling (linear or n log n), never about 4x (quadratic)");
