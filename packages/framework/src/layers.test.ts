// The layer rules of the repository's .dependency-cruiser.cjs, which `pnpm run lint` runs: this
// package's sources keep them, and each rule fires. A copy of src/ gets one import that breaks a
// rule (provider.ts importing server/, the schema importing the engine, a new cycle, ...) and
// dependency-cruiser, run as lint runs it, must name that rule at that file. A rule that stops
// matching what it was written for fails here rather than letting such imports back in.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const config = join(repo, ".dependency-cruiser.cjs");
const depcruise = join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const sources = "packages/framework/src";

interface Violation {
  readonly from: string;
  readonly rule: { readonly name: string };
}

/** dependency-cruiser on `root`/packages/framework/src with the repository's rules, as lint runs it. */
function cruise(root: string, ...options: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [depcruise, sources, "--config", config, ...options], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The rules broken, as `rule at file`, read from dependency-cruiser's JSON report. */
function violations(root: string): string[] {
  const { output } = cruise(root, "--output-type", "json");
  const report = JSON.parse(output) as { summary: { violations: readonly Violation[] } };
  return report.summary.violations.map((v) => `${v.rule.name} at ${v.from}`);
}

/**
 * One forbidden import a row: the rule that must refuse it, the file it is added to, the import.
 * action.ts and state-store.ts import nothing of each other's, so the two no-cycle rows close a
 * new cycle; state-upgrade.ts and data-source.ts widen the cycle kept with resource.ts; and
 * identity.ts names ResourceContext with `import type`, so a value import makes that cycle real.
 */
const breaches = `
author-api-not-engine     provider.ts               import type { ProviderServer } from "./server/provider-server.js";
author-api-not-engine     function.ts               import { decodeDynamic } from "./protocol/wire.js";
hub-above-definitions     resource.ts               import type { Hub } from "./hub.js";
schema-below-author-api   schema/defaults.ts        import { plannedObject } from "../server/plan-values.js";
schema-below-author-api   schema/types.ts           import type { Resource } from "../resource.js";
values-at-the-bottom      values/nesting.ts         import type { Provider } from "../provider.js";
values-at-the-bottom      values/walk-position.ts   import type { ProviderServer } from "../server/provider-server.js";
values-not-schema-checks  values/author-values.ts   import { checkSchema } from "../schema/check.js";
internal-below-all        internal/origin.ts        import { runHandler } from "../values/handler.js";
engine-protocol-neutral   server/operation.ts       import { unary } from "../protocol/unary.js";
protocol-under-adapters   protocol/answer.ts        import { schemaTranslationV6 } from "../v6/convert.js";
adapters-apart            v5/nested-attributes.ts   import { schemaTranslationV6 } from "../v6/convert.js";
testing-on-top            server/stop-provider.ts   import { silentLog } from "../testing/silent-log.js";
serving-on-top            test-mode.ts              import { serve } from "./serve.js";
floor                     metrics.ts                import { providerLog } from "./internal/log.js";
floor                     attribute-path.ts         import { componentLog } from "./internal/log.js";
no-cycle                  action.ts                 import type { StateStore } from "./state-store.js";
no-cycle                  state-store.ts            import type { Action } from "./action.js";
no-cycle-beyond-resource  state-upgrade.ts          import type { DataSource } from "./data-source.js";
no-cycle                  data-source.ts            import type { RawState } from "./state-upgrade.js";
no-runtime-cycle          identity.ts               import { defineResource } from "./resource.js";
`
  .trim()
  .split("\n")
  .map((row) => {
    const [, rule, file, line] = /^(\S+)\s+(\S+)\s+(.+)$/.exec(row)!;
    return { rule: rule!, file: file!, line: line! };
  });

describe("the layers of packages/framework/src (.dependency-cruiser.cjs)", () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  });

  it("holds in this package as it is", () => {
    const { status, output } = cruise(repo);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it("refuses each forbidden import, naming the rule", () => {
    const copy = mkdtempSync(join(tmpdir(), "tsvider-layers-"));
    copies.push(copy);
    cpSync(join(repo, sources), join(copy, sources), { recursive: true });
    for (const breach of breaches) appendFileSync(join(copy, sources, breach.file), `\n${breach.line}\n`);

    const found = violations(copy);
    for (const breach of breaches) {
      expect(found, breach.line).toContain(`${breach.rule} at ${sources}/${breach.file}`);
    }
    // And lint fails: dependency-cruiser's exit code counts the errors it reported.
    expect(cruise(copy).status).not.toBe(0);
  });
});
