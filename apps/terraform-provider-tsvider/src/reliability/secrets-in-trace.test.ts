// Secrets in a TF_LOG=trace log, through the real tofu: one configuration hands the reference
// provider a secret every way it takes one (a sensitive provider argument, a resource
// attribute set from a sensitive variable, a sensitive write-only attribute, a write-only
// attribute from an ephemeral variable and from an ephemeral resource, a sensitive
// environment variable read by a data source, the private-state key) and has it generate
// others (a sensitive attribute, an ephemeral token). Plan, apply and destroy each log at
// trace to a file of their own, which holds tofu's lines and the provider's; no secret may
// appear in any of them, as written or hex- or base64-encoded.
//
// A value made sensitive by the variable that sets it reaches the provider unmarked (the plugin
// protocol carries no marks), so only the provider's own restraint keeps it out of its log:
// the framework's trace line for each result (server/operation.ts) shows each attribute's
// shape, never its value (values only with TSVIDER_LOG_VALUES=1, which this run does not set).
// Before that, tsvider_file_content's content, set from a sensitive variable, was in the log.
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTofu, type TofuSetup } from "../tofu.test-support.js";
import { record } from "./counts.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-secrets-in-trace-");
}, 60_000);
afterAll(() => tofu.cleanup());

/** Fresh in every run, and long enough that no other text in a log holds it by chance. */
const fresh = (what: string) => `${what}-${randomBytes(18).toString("hex")}`;

/** The environment variable tsvider_env_variables reads as a sensitive value. */
const ENV_SECRET = "TSVIDER_TRACE_TEST_SECRET";

const configuration = `
variable "api_token" {
  type      = string
  sensitive = true
}
variable "file_secret" {
  type      = string
  sensitive = true
}
variable "note_secret" {
  type      = string
  sensitive = true
}
variable "written_secret" {
  type      = string
  ephemeral = true
}

# A sensitive provider argument, and the data source that reads it back (sensitive there too).
provider "tsvider" {
  label     = "secrets-in-trace"
  api_token = var.api_token
}
data "tsvider_provider_config_reader" "settings" {}

# An environment variable the practitioner names as sensitive.
data "tsvider_env_variables" "secret" {
  keys           = ["${ENV_SECRET}"]
  sensitive_keys = ["${ENV_SECRET}"]
}

# A plain attribute made sensitive by the variable that sets it: tofu knows, the provider's
# schema does not.
resource "tsvider_file_content" "from_sensitive_variable" {
  filename = "from-sensitive-variable.txt"
  content  = var.file_secret
}

# An attribute both sensitive and write-only in the schema (test mode), from a sensitive variable.
resource "tsvider_secret_note" "note" {
  name           = "secrets-in-trace"
  secret_value   = var.note_secret
  secret_version = "1"
}

# Write-only, from an ephemeral variable.
resource "tsvider_secret_file" "from_ephemeral_variable" {
  filename           = "from-ephemeral-variable.txt"
  content_wo         = var.written_secret
  content_wo_version = 1
}

# Write-only, from an ephemeral resource's sensitive value, which the provider generates.
ephemeral "tsvider_random_token" "session" {
  length = 48
}
resource "tsvider_secret_file" "from_ephemeral_resource" {
  filename           = "from-ephemeral-resource.txt"
  content_wo         = ephemeral.tsvider_random_token.session.value
  content_wo_version = 1
}

# A sensitive attribute the provider generates, kept in state (and sealed in private state).
resource "tsvider_timed_token" "issued" {
  name = "secrets-in-trace"
}
`;

interface StateFile {
  resources: {
    mode: string;
    type: string;
    name: string;
    instances: { attributes: Record<string, unknown> }[];
  }[];
}
function attributesOf(state: StateFile, mode: string, type: string, name: string): Record<string, unknown> {
  const found = state.resources.find((r) => r.mode === mode && r.type === type && r.name === name);
  if (!found?.instances[0]) throw new Error(`${mode} ${type}.${name} is not in the state`);
  return found.instances[0].attributes;
}

/**
 * The forms a secret could take in a log: as written, its UTF-8 bytes in hex (Go's %x), and
 * in base64 at each of the three alignments it could start at inside a longer buffer (each
 * form the whole 3-byte groups only, which appear verbatim whatever surrounds them).
 */
function formsOf(secret: string): [string, string][] {
  const bytes = Buffer.from(secret, "utf8");
  const forms: [string, string][] = [
    ["as written", secret],
    ["hex", bytes.toString("hex")],
  ];
  for (let skip = 0; skip < 3; skip++) {
    const whole = bytes.subarray(skip, skip + Math.floor((bytes.length - skip) / 3) * 3);
    forms.push([`base64 (from byte ${skip})`, whole.toString("base64")]);
    forms.push([`base64url (from byte ${skip})`, whole.toString("base64url")]);
  }
  return forms;
}

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The line around the secret's first occurrence, the secret itself shown as <secret>. */
function excerpt(line: string, secret: string): string {
  const at = line.indexOf(secret);
  return line.slice(Math.max(0, at - 400), at + secret.length + 200).replaceAll(secret, "<secret>");
}

/** Where a log line comes from: the provider's @module, else the part of tofu that wrote it. */
function moduleOf(line: string): string {
  return /@module=(\S+)/.exec(line)?.[1] ?? /\[[A-Z]+\]\s+([^:\s]+)/.exec(line)?.[1] ?? "(unknown)";
}

describe("secrets in a TF_LOG=trace log, on the real tofu", () => {
  it("appear in no line of the plan's, the apply's or the destroy's log", async () => {
    // Every sensitive argument of the provider's own block is set by the configuration.
    const schemaRun = await initProject(tofu, "schema", "", { TSVIDER_TESTMODE: "true" });
    const schema = JSON.parse((await schemaRun.run(["providers", "schema", "-json"])).stdout) as {
      provider_schemas: Record<
        string,
        { provider: { block: { attributes: Record<string, { sensitive?: boolean }> } } }
      >;
    };
    const providerBlock = Object.values(schema.provider_schemas)[0]!.provider.block;
    const sensitiveArguments = Object.entries(providerBlock.attributes)
      .filter(([, a]) => a.sensitive === true)
      .map(([name]) => name);
    expect(sensitiveArguments, "a sensitive provider argument this configuration does not set").toEqual([
      "api_token",
    ]);

    const apiToken = fresh("api-token");
    const fileSecret = fresh("file-secret");
    const noteSecret = fresh("note-secret");
    const writtenSecret = fresh("written-secret");
    const envSecret = fresh("env-secret");
    const privateStateKey = fresh("private-state-key");
    const chosen: Record<string, string> = {
      "provider api_token (sensitive variable)": apiToken,
      "tsvider_file_content content (sensitive variable)": fileSecret,
      "tsvider_secret_note secret_value (sensitive variable)": noteSecret,
      "tsvider_secret_file content_wo (ephemeral variable)": writtenSecret,
      [`${ENV_SECRET} (sensitive_keys of tsvider_env_variables)`]: envSecret,
      TSVIDER_PRIVATE_STATE_SECRET: privateStateKey,
    };
    const env = {
      TSVIDER_TESTMODE: "true",
      TF_VAR_api_token: apiToken,
      TF_VAR_file_secret: fileSecret,
      TF_VAR_note_secret: noteSecret,
      TF_VAR_written_secret: writtenSecret,
      [ENV_SECRET]: envSecret,
      TSVIDER_PRIVATE_STATE_SECRET: privateStateKey,
    };
    const work = await initProject(tofu, "secrets", configuration, env);
    // TF_LOG alone decides: the machine's narrower settings, if any, would hide lines.
    const logged = (command: string) =>
      new Workdir({
        dir: work.dir,
        binary: tofu.binary,
        cliConfigFile: tofu.cliConfigFile,
        extraEnv: {
          ...env,
          TF_LOG: "trace",
          TF_LOG_CORE: "",
          TF_LOG_PROVIDER: "",
          TF_LOG_PATH: join(tofu.root, `${command}.log`),
        },
      });

    await logged("plan").run(["plan", "-no-color"]);
    await logged("apply").run(["apply", "-auto-approve", "-no-color"]);

    // Each secret went where it was sent, so the logs had every chance to show it; and the
    // generated ones are read from where they legitimately are.
    const state = JSON.parse(await readFile(join(work.dir, "terraform.tfstate"), "utf8")) as StateFile;
    const file = (name: string) => readFile(join(work.dir, name), "utf8");
    expect(attributesOf(state, "data", "tsvider_provider_config_reader", "settings").api_token).toBe(
      apiToken,
    );
    expect(await file("from-sensitive-variable.txt")).toBe(fileSecret);
    expect(attributesOf(state, "managed", "tsvider_secret_note", "note").digest).toBe(
      createHash("sha256").update(noteSecret).digest("hex").slice(0, 16),
    );
    expect(await file("from-ephemeral-variable.txt")).toBe(writtenSecret);
    expect(attributesOf(state, "data", "tsvider_env_variables", "secret").sensitive_values).toEqual({
      [ENV_SECRET]: envSecret,
    });
    const issuedToken = attributesOf(state, "managed", "tsvider_timed_token", "issued").token as string;
    const ephemeralToken = await file("from-ephemeral-resource.txt");
    expect(issuedToken).toMatch(/^token-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ephemeralToken).toMatch(/^[A-Za-z0-9]{48}$/);
    const generated: Record<string, string> = {
      "tsvider_timed_token token (from the state)": issuedToken,
      "tsvider_random_token value of the apply (from the file it was written to)": ephemeralToken,
    };

    await logged("destroy").run(["destroy", "-auto-approve", "-no-color"]);

    const everySecret = { ...chosen, ...generated };
    const findings: string[] = [];
    let found = 0;
    let lines = 0;
    let providerLines = 0;
    for (const command of ["plan", "apply", "destroy"]) {
      const log = (await readFile(join(tofu.root, `${command}.log`), "utf8")).split("\n").filter(Boolean);
      lines += log.length;
      providerLines += log.filter((line) => line.includes("provider.terraform-provider-tsvider")).length;
      log.forEach((line, index) => {
        for (const [what, secret] of Object.entries(everySecret)) {
          for (const [form, text] of formsOf(secret)) {
            const count = occurrences(line, text);
            found += count;
            if (count > 0)
              findings.push(
                `${command}.log line ${index + 1} (${moduleOf(line)}): ${what}, ${form}, ${count}×: ${excerpt(line, text)}`,
              );
          }
        }
      });
    }
    // The logs are the whole trace, the provider's lines among them: an empty or provider-less
    // log would find nothing and prove nothing.
    expect(providerLines).toBeGreaterThan(100);
    // And the provider logged, at trace, the results that carry them, as shapes: hclog's fields
    // come in any order, so each is looked for on its own.
    const applyLog = (await readFile(join(tofu.root, "apply.log"), "utf8")).split("\n");
    const resultLine = (what: string, type: string) =>
      applyLog.find((line) => line.includes(what) && line.includes(`=${type} `));
    for (const type of ["tsvider_file_content", "tsvider_secret_file", "tsvider_secret_note"])
      expect(resultLine("resource create result", type), type).toBeDefined();
    expect(resultLine("resource create result", "tsvider_file_content")).toMatch(/content:\(string\)/);
    expect(resultLine("resource create result", "tsvider_timed_token")).toMatch(/token:\(string\)/);
    expect(resultLine("data source read result", "tsvider_provider_config_reader")).toMatch(
      /api_token:\(string\)/,
    );
    record("secrets in TF_LOG=trace", {
      secrets: Object.keys(everySecret).length,
      "log lines": lines,
      "secret occurrences": found,
    });
    expect(findings).toEqual([]);
  }, 240_000);
});
