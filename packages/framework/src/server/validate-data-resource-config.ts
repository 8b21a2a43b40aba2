// Validating a data source's configuration: Terraform's validate walk, where values may still
// be unknown. The schema's own checks first, then the attributes' validators, then the
// author's validateConfig.

import type { DataSource } from "../data-source.js";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { forAuthor } from "./author-values.js";
import { checkConfig } from "./config-checks.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { runValidators } from "./run-validators.js";

export async function validateDataResourceConfig(
  server: ProviderServer,
  dataSource: DataSource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  checkConfig(dataSource.schema, config, diagnostics);
  if (!diagnostics.hasErrors) {
    const values = forAuthor(dataSource.schema, config);
    await runValidators(dataSource.schema, values, `data source ${dataSource.typeName}`, diagnostics);
  }
  if (dataSource.validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `data source ${dataSource.typeName} validateConfig`, () =>
      dataSource.validateConfig!({
        config: forAuthor(dataSource.schema, config) as never,
        diagnostics,
        providerData: server.providerData,
        log: componentLog(dataSource.typeName),
        signal: server.signal,
      }),
    );
  }
  return diagnostics;
}
