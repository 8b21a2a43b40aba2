// Reading a data source: Terraform sends the configuration, wholly known, and takes the
// result as the data source's value until the next read. Before answering, the result is held
// to what Terraform and the practitioner expect of it: the configured values as they were
// written, every value known, nothing the schema lacks. Each break names the data source and
// the attribute, instead of tofu's "Provider produced invalid object".

import { type CtyValue, containsUnknown, Decimal, isRecord, valuesEqual } from "@tsvider/cty";
import type { DataSource } from "../data-source.js";
import type { DeferralReason } from "../deferral.js";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { schemaContains } from "../schema/contains.js";
import { entryType } from "../schema/implied-type.js";
import type { Schema } from "../schema/schema.js";
import { forAuthor, providerMetaForAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject } from "../values/complete.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite, runHandler } from "../values/handler.js";
import { elementAt, innerSchema } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";
import { type DeferralRequest, DeferralSlot, providerDeferral } from "./deferral-slot.js";
import type { ProviderServer } from "./provider-server.js";

export async function readDataSource(
  server: ProviderServer,
  dataSource: DataSource,
  config: ObjectValue | null,
  /** The module's provider_meta block, when the provider declares a metaSchema. */
  providerMeta: ObjectValue | null = null,
  /** Whether the request accepts a deferred answer. */
  deferralRequest: DeferralRequest = {},
): Promise<{
  diagnostics: Diagnostics;
  state: ObjectValue | null;
  /** Set when the read was deferred: state is null, the answer an unknown object. */
  deferred?: DeferralReason;
}> {
  const diagnostics = new Diagnostics();
  const providerDeferred = providerDeferral(server);
  if (providerDeferred) return { diagnostics, state: null, deferred: providerDeferred };
  const where = `data source ${dataSource.typeName} read`;
  const schema = dataSource.schema;
  if (config === null) {
    diagnostics.addError(
      `No configuration for data source ${dataSource.typeName}`,
      "Terraform sent a null configuration to read; a data block always has one. This points at a problem in the host, not in your configuration.",
    );
    return { diagnostics, state: null };
  }
  if (containsUnknown(config)) {
    diagnostics.addError(
      `Configuration of data source ${dataSource.typeName} is not known yet`,
      "Terraform reads a data source only once its whole configuration is known; this one still holds unknown values.",
    );
    return { diagnostics, state: null };
  }
  // What the types promise the author (int64 whole, no null elements), as validation checks.
  checkConfig(schema, config, diagnostics);
  if (diagnostics.hasErrors) return { diagnostics, state: null };
  const deferral = new DeferralSlot(deferralRequest);
  const site = handlerSite(server.provider, "data source", dataSource.typeName, "read");
  const result = await runHandler(diagnostics, site, () =>
    dataSource.read({
      ...deferral.access(),
      config: forAuthor(schema, config) as never,
      providerData: server.providerData,
      log: componentLog(dataSource.typeName),
      providerMeta: providerMetaForAuthor(server.provider.metaSchema, providerMeta) as never,
      signal: server.signal,
      diagnostics,
    }),
  );
  const deferred = deferral.settle(diagnostics, where, `data source ${dataSource.typeName}`);
  if (deferred) return { diagnostics, state: null, deferred };
  if (diagnostics.hasErrors) return { diagnostics, state: null };
  if (result === undefined || result === null) {
    diagnostics.addError(
      `${where} returned no object`,
      "A data source read returns the whole object: the configured values, and the computed ones filled in. To say that what the configuration describes does not exist, throw a DataSourceError saying so.",
    );
    return { diagnostics, state: null };
  }
  const completed = completeObject(schema, result, where, diagnostics);
  if (!completed) return { diagnostics, state: null };
  // float64 values handed back unchanged go back exactly as configured.
  const state = withExactNumbers(schema, config, completed);
  new ResultCheck(where, diagnostics).object(schema, config, state, WalkPosition.root);
  return { diagnostics, state: diagnostics.hasErrors ? null : state };
}

/**
 * Holds a read result to its configuration, adding an error per break. Ephemeral resources'
 * open results are held to the same rules (`component`, with its article, names them).
 */
export class ResultCheck {
  constructor(
    readonly where: string,
    readonly diagnostics: Diagnostics,
    readonly component = "A data source",
  ) {}

  object(schema: Schema, config: ObjectValue, result: ObjectValue, path: WalkPosition): void {
    for (const [name, entry] of Object.entries(schema)) {
      const want = config[name] ?? null;
      const got = result[name] ?? null;
      const here = path.attribute(name);
      // A plain value, or a nested one that is itself unknown, is reported here; inside nested
      // values the walk below finds the exact attribute.
      if (containsUnknown(got) && (entry.kind === "attribute" || !(isRecord(got) || Array.isArray(got)))) {
        this.leftUnknown(here);
        continue;
      }
      // What config leaves null in a computed attribute is the provider's to fill in.
      const computed = entry.kind !== "block" && entry.options.computed === true;
      if (computed && want === null) {
        if (containsUnknown(got)) this.leftUnknown(here);
        continue;
      }
      if (entry.kind === "attribute" || want === null || got === null) {
        if (!valuesEqual(got, want, entryType(entry))) this.changed(here, want, got);
        continue;
      }
      const inner = innerSchema(entry);
      switch (entry.nesting) {
        case "single":
        case "group":
          if (isRecord(want) && isRecord(got)) this.object(inner, want, got, here);
          break;
        case "list": {
          const w = want as readonly CtyValue[];
          const g = got as readonly CtyValue[];
          if (w.length !== g.length) {
            this.countChanged(here, w.length, g.length);
            break;
          }
          for (const [i, element] of g.entries())
            this.element(inner, elementAt("list", want, i), element, here.index(i));
          break;
        }
        case "map": {
          const keys = (v: CtyValue) => (isRecord(v) ? Object.keys(v).sort() : []);
          if (keys(want).join("\u0000") !== keys(got).join("\u0000")) {
            this.changed(here, want, got, "its keys");
            break;
          }
          for (const [k, element] of Object.entries(got as ObjectValue))
            this.element(inner, elementAt("map", want, k), element, here.key(k));
          break;
        }
        case "set": {
          // Set elements cannot be paired with config's: with nothing computed inside, the
          // set must come back as configured; otherwise with as many elements.
          if (containsUnknown(got)) this.leftUnknown(here);
          else if (!hasComputed(inner)) {
            if (!valuesEqual(got, want, entryType(entry))) this.changed(here, want, got);
          } else {
            const count = (v: CtyValue) => (Array.isArray(v) ? v.length : 0);
            if (count(got) !== count(want)) this.countChanged(here, count(want), count(got));
          }
          break;
        }
      }
    }
  }

  element(schema: Schema, want: CtyValue, got: CtyValue, path: WalkPosition): void {
    if (isRecord(want) && isRecord(got)) this.object(schema, want, got, path);
    else if (containsUnknown(got)) this.leftUnknown(path);
    else if ((want === null) !== (got === null)) this.changed(path, want, got);
  }

  leftUnknown(path: WalkPosition): void {
    this.diagnostics.addError(
      `${this.where} left "${path.text}" unknown`,
      `${this.component}'s result must be wholly known: set the attribute (null is allowed) in the returned object.`,
      path.attributePath,
    );
  }

  changed(path: WalkPosition, want: CtyValue, got: CtyValue, what = "its value"): void {
    this.diagnostics.addError(
      `${this.where} changed the configured "${path.text}"`,
      `The configuration says ${describe(want)} and the result says ${describe(got)}: ${what} changed. ${this.component} returns configured values as they were written; only computed attributes that the configuration leaves unset are the provider's to fill in.`,
      path.attributePath,
    );
  }

  countChanged(path: WalkPosition, want: number, got: number): void {
    this.diagnostics.addError(
      `${this.where} changed the number of elements of "${path.text}"`,
      `The configuration has ${want} and the result has ${got}. Return one element for each configured one, in the same order.`,
      path.attributePath,
    );
  }
}

const hasComputed = schemaContains((entry) => entry.options.computed === true);

function describe(value: CtyValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || typeof value !== "object" || value instanceof Decimal) return String(value);
  if (Array.isArray(value)) return `${value.length} element${value.length === 1 ? "" : "s"}`;
  return "an object";
}
