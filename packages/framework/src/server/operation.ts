// One component operation as the provider's operators see it: a debug line when it starts and
// one when it ends (with the component's type, the operation, how long it took and how many
// errors it gave), the result's shape at trace level (its values only with TSVIDER_LOG_VALUES,
// secrets masked; see log-values.ts), and the metrics. The
// adapters wrap each call into the core with this, so every protocol version reports alike.
import type { Diagnostics } from "../diagnostics.js";
import { providerLog } from "../internal/log.js";
import { logValuesRequested, renderForLog, renderShapeForLog } from "../internal/log-values.js";
import type { ResourceOperation } from "../metrics.js";
import type { Schema } from "../schema/schema.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";

export interface Operation {
  readonly kind: "resource" | "data source";
  readonly typeName: string;
  readonly operation: ResourceOperation;
  readonly schema: Schema;
}

/**
 * Runs `run` (a call into the core that reports through its diagnostics) and reports it.
 * `resultOf` picks the object to show at trace level.
 */
export async function observeOperation<R extends { readonly diagnostics: Diagnostics }>(
  server: ProviderServer,
  op: Operation,
  run: () => Promise<R>,
  resultOf?: (result: R) => ObjectValue | null | undefined,
): Promise<R> {
  const log = providerLog();
  const fields = {
    [op.kind === "resource" ? "tf_resource_type" : "tf_data_source_type"]: op.typeName,
    operation: op.operation,
  };
  log.debug(`${op.kind} ${op.operation} started`, fields);
  const started = performance.now();
  let failed = true;
  try {
    const result = await run();
    failed = result.diagnostics.hasErrors;
    const items = result.diagnostics.items;
    log.debug(`${op.kind} ${op.operation} finished`, {
      ...fields,
      duration_ms: Number((performance.now() - started).toFixed(3)),
      errors: items.filter((d) => d.severity === "error").length,
      warnings: items.filter((d) => d.severity === "warning").length,
    });
    if (resultOf && log.enabled("trace")) {
      const value = resultOf(result);
      if (value !== undefined)
        log.trace(`${op.kind} ${op.operation} result`, {
          ...fields,
          value: logValuesRequested() ? renderForLog(op.schema, value) : renderShapeForLog(value),
        });
    }
    return result;
  } finally {
    if (op.kind === "resource") server.metrics.resourceOperation(op.typeName, op.operation, failed);
    else server.metrics.dataSourceRead(op.typeName, failed);
  }
}
