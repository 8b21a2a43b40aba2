// Applying configurations through the real tofu, many at once: every configuration becomes a
// child module of one root module per provider, so each provider is started for one init, a
// validate, a plan or two, one apply and one show rather than for each configuration (pyvider
// takes about half a second to start, and tofu starts a provider several times per command).
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { installProviderMirror, mirrorCliConfig, type ShownState, Workdir } from "@tsvider/conformance";
import type { Configuration } from "./configurations.js";
import type { ProviderNaming, Side } from "./renames.js";

export interface ProviderUnderTest {
  readonly side: Side;
  readonly naming: ProviderNaming;
  readonly executable: string;
}

export interface Diagnostic {
  readonly severity: string;
  readonly summary: string;
  readonly detail: string;
  /** The module (configuration id) it names through its file or address, if any. */
  readonly module: string | undefined;
  /** `resource address` or `file:line` it points at, with the module prefix taken off. */
  readonly where: string;
}

export interface ApplyResult {
  readonly ok: boolean;
  readonly diagnostics: readonly Diagnostic[];
  /** `tofu show -json` after the apply. */
  readonly state: ShownState | undefined;
}

/**
 * The environment both providers run in, the same for each: an env_variables data source
 * without a filter shows a provider its whole environment, so what one runtime would add by
 * itself is set for both.
 */
export const PROVIDER_ENV: NodeJS.ProcessEnv = {
  // Both serve their test-only components (secret notes, the nested data tests) only in test
  // mode, and the examples of those components use them.
  TSVIDER_TESTMODE: "true",
  PYVIDER_TESTMODE: "true",
  // The secrets that seal private state, which the private_state_verifier examples need.
  TSVIDER_PRIVATE_STATE_SECRET: "pyvider-parity-private-state-secret",
  PYVIDER_PRIVATE_STATE_SHARED_SECRET: "pyvider-parity-private-state-secret",
  // pyvider's own settings: its name (the executable tooling/oracles/pyvider/install writes sets
  // it when unset), its log level and its log format, which its logging library sets in its
  // own environment when unset.
  PYVIDER_PROVIDER_NAME: "pyvider",
  PYVIDER_LOG_LEVEL: "ERROR",
  PROVIDE_LOG_CONSOLE_FORMATTER: "key_value",
};

/** Everything the suite runs goes through one mirror and one CLI configuration per side. */
export class Host {
  readonly cliConfigFile: string;
  readonly mirrorDir: string;

  private constructor(
    readonly tofu: string,
    readonly dir: string,
    readonly provider: ProviderUnderTest,
  ) {
    this.mirrorDir = join(dir, "mirror");
    this.cliConfigFile = join(dir, "cli.tfrc");
  }

  static async create(tofu: string, dir: string, provider: ProviderUnderTest): Promise<Host> {
    const host = new Host(tofu, dir, provider);
    const [namespace, type] = provider.naming.source.split("/") as [string, string];
    await installProviderMirror({
      mirrorDir: host.mirrorDir,
      namespace,
      type,
      version: provider.naming.version,
      executable: provider.executable,
    });
    await writeFile(host.cliConfigFile, mirrorCliConfig(host.mirrorDir));
    return host;
  }

  workdir(dir: string): Workdir {
    return new Workdir({
      dir,
      binary: this.tofu,
      cliConfigFile: this.cliConfigFile,
      extraEnv: PROVIDER_ENV,
    });
  }

  /**
   * Writes a root module at `dir` with each configuration as a child module. With `keepInit`
   * an earlier init of the same directory stays valid: a root may drop modules it was
   * initialized with, never add one.
   */
  async writeRoot(
    dir: string,
    configurations: readonly Configuration[],
    options: { keepInit?: boolean } = {},
  ): Promise<void> {
    if (!options.keepInit) await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const { name, source, version } = this.provider.naming;
    const required = `terraform {\n  required_providers {\n    ${name} = {\n      source  = "${source}"\n      version = "${version}"\n    }\n  }\n}\n`;
    let root = `${required}\nprovider "${name}" {}\n`;
    for (const configuration of configurations) {
      const moduleDir = join(dir, configuration.id);
      await mkdir(join(moduleDir, "tmp"), { recursive: true });
      let main = configuration.source[this.provider.side];
      // An empty provider block would make the module a provider configuration of its own, and
      // tofu starts a provider process for each; without it the module uses the root's.
      main = main.replace(new RegExp(`^provider\\s+"${name}"\\s*\\{\\s*\\}[ \\t]*$`, "gm"), "");
      await writeFile(join(moduleDir, "main.tf"), main);
      if (!/\brequired_providers\b/.test(main)) await writeFile(join(moduleDir, "providers.tf"), required);
      for (const [file, bytes] of configuration.files) await writeFile(join(moduleDir, file), bytes);
      // The whole module object holds every output of the configuration. Marked sensitive
      // because some configurations output sensitive values; `tofu show -json` still shows them.
      root += `\nmodule "${configuration.id}" {\n  source = "./${configuration.id}"\n}\n\noutput "${configuration.id}" {\n  value     = module.${configuration.id}\n  sensitive = true\n}\n`;
    }
    await writeFile(join(dir, "main.tf"), root);
  }

  async init(dir: string): Promise<void> {
    await this.workdir(dir).run(["init", "-input=false", "-no-color"]);
  }

  /** `tofu plan`, saved for `apply`: whether it succeeded, and its diagnostics. */
  async plan(dir: string): Promise<{ ok: boolean; diagnostics: Diagnostic[] }> {
    const result = await this.workdir(dir).run(["plan", "-input=false", "-json", "-out=parity.tfplan"], {
      okCodes: [0, 1],
    });
    return { ok: result.code === 0, diagnostics: parseDiagnostics(result.stdout) };
  }

  /**
   * Applies the plan `plan` saved (so nothing is planned twice), then shows the state: the
   * diagnostics of the apply (its JSON lines) and the state after it.
   */
  async apply(dir: string): Promise<ApplyResult> {
    const workdir = this.workdir(dir);
    const result = await workdir.run(["apply", "-input=false", "-json", "parity.tfplan"], {
      okCodes: [0, 1],
    });
    const diagnostics = parseDiagnostics(result.stdout);
    const shown = await workdir.run(["show", "-json"], { okCodes: [0, 1] });
    const state =
      shown.code === 0 && shown.stdout.trim() !== "" ? (JSON.parse(shown.stdout) as ShownState) : undefined;
    return { ok: result.code === 0, diagnostics, state };
  }

  /** `tofu validate -json`: the diagnostics of every module at once. */
  async validate(dir: string): Promise<Diagnostic[]> {
    const result = await this.workdir(dir).run(["validate", "-json", "-no-color"], { okCodes: [0, 1] });
    const json = JSON.parse(result.stdout) as { diagnostics?: unknown[] };
    return parseDiagnostics(
      (json.diagnostics ?? []).map((d) => JSON.stringify({ type: "diagnostic", diagnostic: d })).join("\n"),
    );
  }
}

/** The diagnostics among the JSON lines of `tofu apply -json`. */
export function parseDiagnostics(jsonLines: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of jsonLines.split("\n")) {
    if (!line.startsWith("{")) continue;
    const message = JSON.parse(line) as {
      type?: string;
      diagnostic?: {
        severity: string;
        summary: string;
        detail?: string;
        address?: string;
        range?: { filename: string; start: { line: number } };
      };
    };
    const d = message.diagnostic;
    if (message.type !== "diagnostic" || d === undefined) continue;
    const fromAddress = /^module\.([A-Za-z0-9_]+)\.(.*)$/.exec(d.address ?? "");
    const fromFile = /^([A-Za-z0-9_]+)\/(.*)$/.exec(d.range?.filename ?? "");
    const module = fromAddress?.[1] ?? fromFile?.[1];
    const where = fromAddress
      ? (fromAddress[2] as string)
      : d.range
        ? `${fromFile?.[2] ?? d.range.filename}:${d.range.start.line}`
        : "";
    out.push({ severity: d.severity, summary: d.summary, detail: d.detail ?? "", module, where });
  }
  return out;
}
