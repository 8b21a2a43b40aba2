// The differential run: every configuration applied by pyvider's reference provider and by
// tsvider's through the real tofu, outputs, state and diagnostics compared.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compareDiagnostics, compareLeaves, type Difference, describeDiagnostic, leaves } from "./compare.js";
import { ourExamples, pyviderComponentsDir, pyviderExamples, type Skipped } from "./configurations.js";
import { readSchema, type Schema, splitByCoverage } from "./coverage.js";
import { loadRenameTable, Renamer, type Side } from "./renames.js";
import { type ApplyResult, type Diagnostic, Host, inRunDirectory, type PlannedAndApplied } from "./run.js";

export interface SuiteResult {
  readonly configurations: number;
  readonly batched: number;
  readonly failing: number;
  readonly skipped: readonly Skipped[];
  /** Configurations that use a component one of the providers lacks, with what it lacks. */
  readonly uncovered: readonly Skipped[];
  readonly attributes: number;
  readonly differences: readonly Difference[];
}

export const TSVIDER_EXECUTABLE = fileURLToPath(
  new URL("../../terraform-provider-tsvider/dist/terraform-provider-tsvider.cjs", import.meta.url),
);

const SIDES: readonly Side[] = ["pyvider", "tsvider"];

const started = Date.now();
function log(line: string): void {
  process.stderr.write(`[pyvider-parity] ${((Date.now() - started) / 1000).toFixed(1)}s ${line}\n`);
}

/**
 * Runs the suite. `pyviderExecutable` is what tooling/oracles/pyvider/install printed;
 * `tofu` the OpenTofu binary.
 */
export async function runSuite(tofu: string, pyviderExecutable: string): Promise<SuiteResult> {
  const table = loadRenameTable();
  const toPyvider = new Renamer(table, { from: "tsvider", to: "pyvider" });
  const toTsvider = toPyvider.inverse();
  const skipped: Skipped[] = [];
  const all = [
    ...ourExamples(toPyvider, skipped),
    ...pyviderExamples(pyviderComponentsDir(pyviderExecutable), toTsvider, skipped),
  ];
  log(`configurations: ${all.length} (${skipped.length} skipped: they cannot run unattended under tofu)`);

  return inRunDirectory("pyvider-parity-", log, async (base) => {
    const hosts = {} as Record<Side, Host>;
    for (const side of SIDES) {
      const naming = table.provider[side];
      await mkdir(join(base, side), { recursive: true });
      hosts[side] = await Host.create(tofu, join(base, side), {
        side,
        naming,
        executable: side === "tsvider" ? TSVIDER_EXECUTABLE : pyviderExecutable,
      });
    }
    const runDir = (side: Side) => join(base, side, "run");
    // What differs between the two sides' paths: values are compared with it taken off.
    const sideDir = (side: Side) => join(base, side);

    // One init per provider over every configuration; the schema then says which
    // configurations use only components both providers have.
    await Promise.all(
      SIDES.map(async (side) => {
        await hosts[side].writeRoot(runDir(side), all);
        await hosts[side].init(runDir(side));
      }),
    );
    const schemas = Object.fromEntries(
      await Promise.all(
        SIDES.map(async (side) => [side, await readSchema(hosts[side].workdir(runDir(side)))] as const),
      ),
    ) as Record<Side, Schema>;
    const { covered, uncovered } = splitByCoverage(all, schemas, toPyvider);
    log(
      `init: both providers; ${covered.length} configurations use only components both have, ${uncovered.length} do not`,
    );

    // Plan them all as one root module per provider. tofu validates every module before it
    // stops, and plans every module before it stops, so each plan names all the configurations
    // that fail in it: those are taken out (their diagnostics kept to compare) and the rest
    // planned again, until a plan succeeds on both sides; that plan is applied. A configuration
    // that fails in the apply is taken out the same way, and what it created is destroyed by the
    // next apply, as tofu destroys what the configuration no longer has.
    const failing = new Set<string>();
    const errors: Record<Side, Map<string, string[]>> = { pyvider: new Map(), tsvider: new Map() };
    const collect = (side: Side, diagnostics: readonly Diagnostic[], command: string): Set<string> => {
      const found = new Set<string>();
      for (const d of diagnostics) {
        if (d.severity !== "error") continue;
        if (d.module === undefined)
          throw new Error(
            `${side}: tofu ${command} of the batched root failed with an error that names no configuration (a provider block the root holds for several of them, see sharedProviderBlocks in src/run.ts, names none): ${d.summary}: ${d.detail}`,
          );
        found.add(d.module);
        const list = errors[side].get(d.module) ?? [];
        list.push(describeDiagnostic(d, sideDir(side), side === "pyvider" ? toTsvider : undefined));
        errors[side].set(d.module, list);
      }
      return found;
    };
    // Validating first costs a fraction of a plan, and takes out what is invalid for either
    // provider before the other plans everything for nothing.
    await Promise.all(SIDES.map((side) => hosts[side].writeRoot(runDir(side), covered, { keepInit: true })));
    const validated = await Promise.all(SIDES.map((side) => hosts[side].validate(runDir(side))));
    SIDES.forEach((side, i) => {
      for (const id of collect(side, validated[i] as Diagnostic[], "validate")) failing.add(id);
    });
    log(`validate: ${covered.length} configurations, ${failing.size} invalid for either provider`);
    let batch = covered.filter((configuration) => !failing.has(configuration.id));
    let applied = false;
    for (let round = 1; !applied; round++) {
      if (round > 6) throw new Error(`the batched configurations still failed after ${round - 1} rounds`);
      await Promise.all(SIDES.map((side) => hosts[side].writeRoot(runDir(side), batch, { keepInit: true })));
      const newlyFailing = new Set<string>();
      const planFailures = (side: Side, ok: boolean, diagnostics: readonly Diagnostic[]) => {
        const found = collect(side, diagnostics, "plan");
        if (!ok && found.size === 0)
          throw new Error(`${side}: the batched plan failed without an error diagnostic`);
        for (const id of found) newlyFailing.add(id);
      };
      const applyFailures = (side: Side, result: { ok: boolean; diagnostics: readonly Diagnostic[] }) => {
        const found = collect(side, result.diagnostics, "apply");
        if (!result.ok && found.size === 0)
          throw new Error(`${side}: the batched apply failed without an error diagnostic`);
        for (const id of found) newlyFailing.add(id);
      };
      let appliedNow: boolean;
      if (round === 1) {
        // The first plan is saved and applied only when it succeeds on both sides.
        const planned = await Promise.all(SIDES.map((side) => hosts[side].plan(runDir(side))));
        SIDES.forEach((side, i) => {
          const plan = planned[i] as { ok: boolean; diagnostics: Diagnostic[] };
          planFailures(side, plan.ok, plan.diagnostics);
        });
        log(
          `plan round ${round}: ${batch.length} configurations, ${newlyFailing.size} failed for either provider`,
        );
        appliedNow = newlyFailing.size === 0;
        if (appliedNow) {
          const results = await Promise.all(SIDES.map((side) => hosts[side].apply(runDir(side))));
          SIDES.forEach((side, i) => {
            applyFailures(side, results[i] as ApplyResult);
          });
        }
      } else {
        // A plan that failed leaves nothing to apply, and the configurations that plan did not
        // name as failing plan the same again: this round plans and applies in one command
        // (one start of each provider for its schema fewer than a plan and an apply). A side
        // whose plan succeeds applies at once, even where the other side's plan fails; that
        // apply is then undone by starting that side's directory afresh, so that each apply
        // compared starts from nothing, as a saved plan applied on both sides or neither would.
        const results = await Promise.all(SIDES.map((side) => hosts[side].planAndApply(runDir(side))));
        SIDES.forEach((side, i) => {
          const result = results[i] as PlannedAndApplied;
          planFailures(side, result.planned, result.plan);
        });
        log(
          `plan round ${round}: ${batch.length} configurations, ${newlyFailing.size} failed for either provider`,
        );
        appliedNow = newlyFailing.size === 0;
        if (appliedNow) {
          SIDES.forEach((side, i) => {
            const result = results[i] as PlannedAndApplied;
            applyFailures(side, { ok: result.ok, diagnostics: result.apply });
          });
        } else {
          await Promise.all(
            SIDES.filter((_, i) => (results[i] as PlannedAndApplied).planned).map(async (side) => {
              await hosts[side].writeRoot(runDir(side), covered);
              await hosts[side].init(runDir(side));
            }),
          );
        }
      }
      if (appliedNow) {
        log(`apply: ${batch.length} configurations, ${newlyFailing.size} failed for either provider`);
        applied = newlyFailing.size === 0;
      }
      for (const id of newlyFailing) failing.add(id);
      batch = batch.filter((configuration) => !failing.has(configuration.id));
    }
    const states = await Promise.all(SIDES.map((side) => hosts[side].show(runDir(side))));
    const results = { pyvider: states[0], tsvider: states[1] };

    const differences: Difference[] = [];
    let attributes = 0;
    for (const configuration of batch) {
      const py = leaves(configuration, results.pyvider, sideDir("pyvider"), toTsvider);
      const ts = leaves(configuration, results.tsvider, sideDir("tsvider"), undefined);
      const compared = compareLeaves(configuration, py, ts);
      attributes += compared.compared;
      differences.push(...compared.differences);
    }
    log(`show: ${batch.length} configurations, ${attributes} outputs and state attributes compared`);

    const failed = covered.filter((configuration) => failing.has(configuration.id));
    for (const configuration of failed) {
      const outcome = (side: Side) => {
        const list = [...(errors[side].get(configuration.id) ?? [])].sort();
        return { ok: list.length === 0, diagnostics: list };
      };
      const compared = compareDiagnostics(configuration, outcome("pyvider"), outcome("tsvider"));
      attributes += compared.compared;
      differences.push(...compared.differences);
    }
    log(`failing configurations: ${failed.length}, their error diagnostics compared`);
    // No destroy: what the configurations create lies under the run's directory (pyvider's
    // examples' /tmp paths are moved there), which is removed below, and their other objects
    // (tokens, notes, leases) live only in the state. Destroying every configuration through
    // both providers would add a third to the suite's time and compare nothing.

    return {
      configurations: covered.length,
      batched: batch.length,
      failing: failed.length,
      skipped,
      uncovered,
      attributes,
      differences,
    };
  });
}

export async function writeReport(file: string, result: SuiteResult): Promise<void> {
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
}
