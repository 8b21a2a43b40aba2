// Checks the nested objects built from the name and metadata.
import { createHash } from "node:crypto";

export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.generated, {
    name: "web",
    version: "1.0.0",
    enabled: true,
    settings: { env: "processed_prod", team: "processed_infra" },
    numeric_settings: { num_env: 4, num_team: 5 },
  });
  assert.deepEqual(outputs.summary, {
    total_keys: 2,
    has_metadata: true,
    config_hash: createHash("sha256").update("web").digest("hex").slice(0, 8),
    nested_info: { created_at: "2025-06-24T20:30:00Z", level: 2 },
  });
}
