// The environment the example filters, and checks of what it selected and wrote.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const env = {
  EXAMPLE_DB_HOST: "db.internal",
  EXAMPLE_DB_PORT: "5432",
  EXAMPLE_DB_PASSWORD: "hunter2-but-longer",
  EXAMPLE_DB_EMPTY: "",
  EXAMPLE_API_URL: "https://api.example.com",
  example_cdn_url: "https://cdn.example.com",
  EXAMPLE_URL_PREFIX: "not matched: the name does not end in _url",
};

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(outputs.db_settings, { example_db_host: "db.internal", example_db_port: "5432" });
  assert.equal(outputs.password_length, env.EXAMPLE_DB_PASSWORD.length);
  assert.deepEqual(outputs.url_names, ["EXAMPLE_API_URL", "example_cdn_url"]);
  const dotenv = readFileSync(join(dir, "app.env"), "utf8");
  assert.equal(dotenv, "EXAMPLE_DB_HOST=db.internal\nEXAMPLE_DB_PORT=5432\n");
  assert.ok(!dotenv.includes("hunter2"), "the sensitive value stayed out of the file");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "app.env")), false);
}
