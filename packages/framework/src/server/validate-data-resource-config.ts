// Validating a data source's configuration: Terraform's validate walk, where values may still
// be unknown. The schema's own checks first, then the attributes' validators, then the
// author's validateConfig.

import type { DataSource } from "../data-source.js";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateConfiguration } from "./validate-config.js";

export async function validateDataResourceConfig(
  server: ProviderServer,
  dataSource: DataSource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  await validateConfiguration({
    schema: dataSource.schema,
    config,
    diagnostics,
    who: `data source ${dataSource.typeName}`,
    site: handlerSite(server.provider, "data source", dataSource.typeName, "validateConfig"),
    check: () => checkConfig(dataSource.schema, config, diagnostics),
    validateConfig:
      dataSource.validateConfig &&
      ((values) =>
        dataSource.validateConfig!({
          config: values as never,
          diagnostics,
          providerData: server.providerData,
          log: componentLog(dataSource.typeName),
          signal: server.signal,
        })),
  });
  return diagnostics;
}
