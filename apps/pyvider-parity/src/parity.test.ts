// The differential suite: pyvider's reference provider and tsvider's, the same configurations,
// every difference either listed in intended-differences.json with its reason or a failure.
import { existsSync } from "node:fs";
import { resolveTerraform, resolveTofu } from "@tsvider/conformance";
import { expect, it } from "vitest";
import { type Difference, type IntendedDifference, judge, loadIntendedDifferences } from "./compare.js";
import { runRootModules } from "./root-modules.js";
import { runSuite, TSVIDER_EXECUTABLE, writeReport } from "./suite.js";

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function describeUnlisted(d: Difference): string {
  return `  ${d.component} ${d.attribute}${d.where ? ` (${d.where})` : ""} in ${d.configuration}\n    pyvider: ${show(d.pyvider)}\n    tsvider: ${show(d.tsvider)}`;
}

function describeStale(e: IntendedDifference): string {
  return `  ${e.component} ${e.attribute}: pyvider ${show(e.pyvider)}, tsvider ${show(e.tsvider)}`;
}

it("pyvider's reference provider and tsvider's agree on every configuration, but for the listed differences", async () => {
  const pyvider = process.env.TSVIDER_PYVIDER_PROVIDER;
  if (!pyvider || !existsSync(pyvider))
    throw new Error(
      `TSVIDER_PYVIDER_PROVIDER is ${pyvider ? `${pyvider}, which does not exist` : "not set"}: run \`export TSVIDER_PYVIDER_PROVIDER=$(tooling/oracles/pyvider/install)\` from the repository root (./dev test does it for you)`,
    );
  if (!existsSync(TSVIDER_EXECUTABLE))
    throw new Error(
      `${TSVIDER_EXECUTABLE} is missing: run \`pnpm run build\` in apps/terraform-provider-tsvider`,
    );
  const list = loadIntendedDifferences();
  const result = await runSuite(resolveTofu(), pyvider);
  // What the batched tofu run cannot hold (actions, list resources, state stores, import blocks,
  // examples whose `before` hook starts a server), each as a root module through Terraform.
  const rootsResult = await runRootModules(resolveTerraform(), pyvider, TSVIDER_EXECUTABLE, (line) =>
    process.stderr.write(`[pyvider-parity] ${line}\n`),
  );
  const differences = [...result.differences, ...rootsResult.differences];
  const { unlisted, stale } = judge(differences, list);
  // The whole result (every difference with its configuration, what was skipped and why), for
  // writing entries of the list: TSVIDER_PARITY_REPORT=<file>.
  if (process.env.TSVIDER_PARITY_REPORT)
    await writeReport(process.env.TSVIDER_PARITY_REPORT, {
      ...result,
      differences,
      uncovered: [...result.uncovered, ...rootsResult.uncovered],
    });

  const roots = new Set(rootsResult.origins);
  const neither = result.skipped.filter((skipped) => !roots.has(skipped.origin)).length;
  process.stderr.write(
    `[pyvider-parity] configurations compared: ${result.configurations + rootsResult.configurations} (through tofu, batched: ${result.batched} applied, ${result.failing} failing with their diagnostics compared; through Terraform, as root modules: ${rootsResult.configurations}); not compared: ${result.uncovered.length + rootsResult.uncovered.length} use a component only one provider has, ${neither} cannot run unattended; attributes compared: ${result.attributes + rootsResult.attributes}; differences found: ${differences.length}; differences listed: ${list.length} entries (${differences.length - unlisted.length} differences matched)\n`,
  );

  const problems: string[] = [];
  if (unlisted.length > 0)
    problems.push(
      `${unlisted.length} ${unlisted.length === 1 ? "difference" : "differences"} between pyvider and tsvider that apps/pyvider-parity/intended-differences.json does not list. Fix tsvider, or add an entry { component, attribute, pyvider, tsvider, reason } whose reason cites pyvider's documentation, Terraform's built-in behaviour or go-cty:\n${unlisted.map(describeUnlisted).join("\n")}`,
    );
  if (stale.length > 0)
    problems.push(
      `${stale.length} ${stale.length === 1 ? "entry" : "entries"} of apps/pyvider-parity/intended-differences.json no longer ${stale.length === 1 ? "occurs" : "occur"}; remove them (the list only shrinks):\n${stale.map(describeStale).join("\n")}`,
    );
  if (problems.length > 0) throw new Error(problems.join("\n\n"));
  expect(result.configurations).toBeGreaterThan(0);
});
