// Applying configurations through the real tofu, many at once: every configuration becomes a
// child module of one root module per provider, so each provider is started for one init, a
// validate, a plan, an apply (with a plan of its own when the first plan failed) and one show
// rather than for each configuration (pyvider takes about a second of CPU to start, and tofu
// starts a provider once per command for its schema, then once per walk (validate, plan, apply)
// for each provider configuration).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
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
}

/** What `tofu apply -auto-approve` did: whether its plan succeeded (and so it applied). */
export interface PlannedAndApplied {
  /** Whether its plan succeeded, and so it applied. */
  readonly planned: boolean;
  readonly ok: boolean;
  /** The diagnostics of its plan. */
  readonly plan: readonly Diagnostic[];
  /** The diagnostics of its apply: none when its plan failed. */
  readonly apply: readonly Diagnostic[];
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

/** The `terraform { required_providers { ... } }` block that names `naming`'s provider. */
export function requiredProviders(naming: ProviderNaming): string {
  return `terraform {\n  required_providers {\n    ${naming.name} = {\n      source  = "${naming.source}"\n      version = "${naming.version}"\n    }\n  }\n}\n`;
}

/**
 * Runs `body` in a new temporary directory (`prefix` and random letters), removed afterwards
 * unless TSVIDER_PARITY_KEEP is set, for a look at what a run left.
 */
export async function inRunDirectory<T>(
  prefix: string,
  log: (line: string) => void,
  body: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await body(dir);
  } finally {
    if (process.env.TSVIDER_PARITY_KEEP) log(`kept ${dir} (TSVIDER_PARITY_KEEP is set)`);
    else await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Everything the suite runs goes through one mirror and one CLI configuration per side, with
 * one host binary (tofu for the batched run, Terraform for the root modules).
 */
export class Host {
  readonly cliConfigFile: string;
  readonly mirrorDir: string;

  private constructor(
    readonly binary: string,
    readonly dir: string,
    readonly provider: ProviderUnderTest,
  ) {
    this.mirrorDir = join(dir, "mirror");
    this.cliConfigFile = join(dir, "cli.tfrc");
  }

  static async create(binary: string, dir: string, provider: ProviderUnderTest): Promise<Host> {
    const host = new Host(binary, dir, provider);
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

  /** A working directory at `dir`, the providers run with PROVIDER_ENV and `env`. */
  workdir(dir: string, env: NodeJS.ProcessEnv = {}): Workdir {
    return new Workdir({
      dir,
      binary: this.binary,
      cliConfigFile: this.cliConfigFile,
      extraEnv: { ...PROVIDER_ENV, ...env },
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
    const { name } = this.provider.naming;
    const required = requiredProviders(this.provider.naming);
    let root = `${required}\nprovider "${name}" {}\n`;
    const mains = new Map(
      configurations.map((configuration) => {
        // An empty provider block would make the module a provider configuration of its own, and
        // tofu starts a provider process for each; without it the module uses the root's.
        const main = configuration.source[this.provider.side].replace(
          new RegExp(`^provider\\s+"${name}"\\s*\\{\\s*\\}[ \\t]*$`, "gm"),
          "",
        );
        return [configuration.id, main] as const;
      }),
    );
    const shared = sharedProviderBlocks(mains, name);
    shared.forEach((block, i) => {
      root += `\nprovider "${name}" {\n  alias = "shared_${i + 1}"\n${block.body}}\n`;
    });
    for (const configuration of configurations) {
      const moduleDir = join(dir, configuration.id);
      await mkdir(join(moduleDir, "tmp"), { recursive: true });
      let main = mains.get(configuration.id) as string;
      const i = shared.findIndex((block) => block.ids.includes(configuration.id));
      const block = shared[i];
      // The block's lines stay, empty, so that every diagnostic points at the line it did.
      if (block !== undefined)
        main = main.replace(block.text, "\n".repeat(block.text.split("\n").length - 1));
      await writeFile(join(moduleDir, "main.tf"), main);
      if (!/\brequired_providers\b/.test(main)) await writeFile(join(moduleDir, "providers.tf"), required);
      for (const [file, bytes] of configuration.files) await writeFile(join(moduleDir, file), bytes);
      const providers = block === undefined ? "" : `  providers = { ${name} = ${name}.shared_${i + 1} }\n`;
      // The whole module object holds every output of the configuration. Marked sensitive
      // because some configurations output sensitive values; `tofu show -json` still shows them.
      root += `\nmodule "${configuration.id}" {\n  source = "./${configuration.id}"\n${providers}}\n\noutput "${configuration.id}" {\n  value     = module.${configuration.id}\n  sensitive = true\n}\n`;
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

  /** Applies the plan `plan` saved (so nothing is planned twice): the diagnostics of the apply. */
  async apply(dir: string): Promise<ApplyResult> {
    const result = await this.workdir(dir).run(["apply", "-input=false", "-json", "parity.tfplan"], {
      okCodes: [0, 1],
    });
    return { ok: result.code === 0, diagnostics: parseDiagnostics(result.stdout) };
  }

  /**
   * `tofu apply -auto-approve`: a plan and, when it succeeds, its apply, in one command (tofu
   * starts the provider for its schema once rather than once for a plan and once for an apply).
   * tofu writes every diagnostic at the end, and the plan's summary even when the plan failed,
   * so what says the apply ran is a message only the apply writes: an `apply_*` message for a
   * change, or the apply's summary (which a plan with no changes still gets). tofu applies no
   * plan with an error: without those messages every error is the plan's, with them the apply's.
   */
  async planAndApply(dir: string): Promise<PlannedAndApplied> {
    const result = await this.workdir(dir).run(["apply", "-auto-approve", "-input=false", "-json"], {
      okCodes: [0, 1],
    });
    const applied = result.stdout.split("\n").some((line) => {
      if (!line.startsWith("{")) return false;
      const message = JSON.parse(line) as { type?: string; changes?: { operation?: string } };
      return (
        message.type?.startsWith("apply_") === true ||
        (message.type === "change_summary" && message.changes?.operation === "apply")
      );
    });
    const diagnostics = parseDiagnostics(result.stdout);
    return applied
      ? { planned: true, ok: result.code === 0, plan: [], apply: diagnostics }
      : { planned: false, ok: false, plan: diagnostics, apply: [] };
  }

  /** `tofu show -json`: the state. */
  async show(dir: string): Promise<ShownState | undefined> {
    const shown = await this.workdir(dir).run(["show", "-json"], { okCodes: [0, 1] });
    return shown.code === 0 && shown.stdout.trim() !== ""
      ? (JSON.parse(shown.stdout) as ShownState)
      : undefined;
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

/** A provider block several configurations write alike, and which they are. */
export interface SharedProviderBlock {
  /** The block as written, from `provider` to its closing brace. */
  readonly text: string;
  /** What lies between its braces, from the line after the opening one. */
  readonly body: string;
  readonly ids: readonly string[];
}

/**
 * The provider blocks of provider `name` that more than one configuration (id → main.tf) writes
 * alike, each to be written once in the root and passed to those modules. tofu starts a provider
 * for each provider configuration in every walk (validate, plan, apply), so each block two
 * configurations share saves a start per walk; the provider sees the same settings either way.
 * Only a configuration's one and only block of that provider counts, without an alias (its
 * references would have to change) and without references (a variable, a local value or a
 * path means something else in the root), written as `tofu fmt` writes it: `provider "<name>" {`
 * on a line of its own, closed by `}` at the start of a line.
 */
export function sharedProviderBlocks(
  mains: ReadonlyMap<string, string>,
  name: string,
): SharedProviderBlock[] {
  const byText = new Map<string, { body: string; ids: string[] }>();
  const opening = new RegExp(`^provider\\s+"${name}"`, "gm");
  const block = new RegExp(`^provider\\s+"${name}"\\s*\\{[ \\t]*\\n((?:(?!\\}).*\\n|\\n)*?)\\}[ \\t]*$`, "m");
  for (const [id, main] of mains) {
    if ((main.match(opening) ?? []).length !== 1) continue;
    const found = block.exec(main);
    if (found === null) continue;
    const body = found[1] as string;
    if (
      /^\s*alias\s*=/m.test(body) ||
      /\b(var|local|module|data|path|terraform|each|count|self)\./.test(body)
    )
      continue;
    const entry = byText.get(found[0]) ?? { body, ids: [] };
    entry.ids.push(id);
    byText.set(found[0], entry);
  }
  return [...byText]
    .filter(([, entry]) => entry.ids.length > 1)
    .map(([text, entry]) => ({ text, body: entry.body, ids: entry.ids }));
}
