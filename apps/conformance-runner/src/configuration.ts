// Reading an example's configuration before anything runs: an example that would fail at
// `init` for a reason of its own (a syntax error, a required_providers entry naming another
// provider than the one the runner installs, or not using the component it sits under) is
// refused with the file:line:column and what to do, instead of spending an `init` per binary
// on it and failing with the binary's less direct words. Parsing only: nothing is evaluated
// except a required_providers entry's object, which Terraform also reads without a context.
import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Block, Body, Diagnostic, Expression, Pos, Range } from "@tsvider/hcl";
import { type NativeBody, type NativeExpression, parseConfig } from "@tsvider/hcl/native";

/** The step a refused example fails at, in the result and the reports. */
export const CONFIGURATION_STEP = "configuration";

/** The provider the runner installs: `source = "<namespace>/<type>"`. */
export interface InstalledProvider {
  readonly namespace: string;
  readonly type: string;
}

/** How each kind of component shows up in an example that documents it. */
interface ComponentKind {
  /** "resource", for messages. */
  readonly what: string;
  /** The block that declares it: `resource "<type>" "<name>"`; functions have none. */
  readonly block?: string;
  /** Where the block is read: top-level in .tf files, in .tfquery.hcl files, or in `terraform {}`. */
  readonly in?: "tf" | "tfquery" | "terraform";
}

/** The directories under the examples root, `<kind>/<component>/<example>/`. */
export const COMPONENT_KINDS: Readonly<Record<string, ComponentKind>> = {
  resources: { what: "resource", block: "resource", in: "tf" },
  "data-sources": { what: "data source", block: "data", in: "tf" },
  "ephemeral-resources": { what: "ephemeral resource", block: "ephemeral", in: "tf" },
  actions: { what: "action", block: "action", in: "tf" },
  "list-resources": { what: "list resource", block: "list", in: "tfquery" },
  "state-stores": { what: "state store", block: "state_store", in: "terraform" },
  functions: { what: "function" },
};

const TF = ".tf";
const TFQUERY = ".tfquery.hcl";
const TFTEST = ".tftest.hcl";

// The top-level blocks Terraform reads with two labels; a block of these types with another
// number of labels is refused by Terraform too.
const TOP_BLOCKS = ["resource", "data", "ephemeral", "action"].map((type) => ({
  type,
  labelNames: ["type", "name"],
}));

interface ParsedFile {
  /** The file's name relative to the examples root, as messages show it. */
  readonly name: string;
  readonly body: NativeBody;
}

/** "resources/x/basic/main.tf:3:5", the way editors and terminals open a position. */
function at(r: Range | { readonly filename: string; readonly start: Pos }): string {
  return `${r.filename}:${r.start.line}:${r.start.column}`;
}

function diagnosticLine(d: Diagnostic): string {
  const text = d.detail ? `${d.summary}; ${d.detail}` : d.summary;
  return d.subject ? `${at(d.subject)}: ${text}` : text;
}

function errorsOf(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.filter((d) => d.severity === "error").map(diagnosticLine);
}

/** The configuration files of an example: its .tf and .tfquery.hcl files, and .tftest.hcl ones here and in tests/. */
async function configFiles(dir: string): Promise<{ files: string[]; json: string[] }> {
  const files: string[] = [];
  const json: string[] = [];
  const list = async (sub: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(join(dir, sub), { withFileTypes: true });
    } catch (err) {
      if (sub !== "" && (err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const e of entries) {
      if (!e.isFile()) continue;
      const path = sub === "" ? e.name : `${sub}/${e.name}`;
      if (e.name.endsWith(".tf.json") || e.name.endsWith(".tftest.json")) json.push(path);
      else if (sub === "" && (e.name.endsWith(TF) || e.name.endsWith(TFQUERY))) files.push(path);
      else if (e.name.endsWith(TFTEST)) files.push(path);
    }
  };
  await list("");
  await list("tests");
  return { files: files.sort(), json: json.sort() };
}

/**
 * Why the example `name` (a directory under `examplesRoot`) would not run, as lines naming the
 * file:line:column and what to do, or [] when its configuration is fine: syntax errors in its
 * .tf, .tfquery.hcl and .tftest.hcl files, a `required_providers` without `provider`'s source,
 * and, for an example under `<kind>/<component>/`, not using that component.
 */
export async function checkConfiguration(
  examplesRoot: string,
  name: string,
  provider: InstalledProvider,
): Promise<string[]> {
  const dir = join(examplesRoot, name);
  const { files, json } = await configFiles(dir);
  if (json.length > 0)
    return json.map(
      (f) =>
        `${name}/${f}: the runner reads examples in the native syntax only (they are documentation); write it as ${f.replace(/\.json$/, "")}`,
    );

  const parsed: ParsedFile[] = [];
  const problems: string[] = [];
  for (const f of files) {
    const fileName = `${name}/${f}`;
    const { file, diagnostics } = parseConfig(await readFile(join(dir, f)), fileName);
    problems.push(...errorsOf(diagnostics));
    parsed.push({ name: fileName, body: file.body });
  }
  // A body with syntax errors may be missing the very blocks looked for next.
  if (problems.length > 0) return problems;

  const tf = parsed.filter((p) => p.name.endsWith(TF));
  const tfquery = parsed.filter((p) => p.name.endsWith(TFQUERY));
  const read = (body: Body, schema: Parameters<Body["partialContent"]>[0]) => {
    const { content, diagnostics } = body.partialContent(schema);
    problems.push(...errorsOf(diagnostics));
    return content.blocks;
  };
  const topBlocks = tf.flatMap((p) => read(p.body, { blocks: [{ type: "terraform" }, ...TOP_BLOCKS] }));
  const terraformBlocks = topBlocks.filter((b) => b.type === "terraform");
  const inTerraform = terraformBlocks.flatMap((b) =>
    read(b.body, { blocks: [{ type: "required_providers" }, { type: "state_store", labelNames: ["type"] }] }),
  );
  const listBlocks = tfquery.flatMap((p) =>
    read(p.body, { blocks: [{ type: "list", labelNames: ["type", "name"] }] }),
  );

  // Where a missing thing would go: the start of main.tf (else the first .tf file), as hcl
  // points at a body's start for a missing item.
  const firstTf = tf.find((p) => p.name.endsWith("/main.tf")) ?? tf[0];
  const missingAt = firstTf ? at(firstTf.body.missingItemRange()) : name;

  const requiredProviders = inTerraform.filter((b) => b.type === "required_providers");
  const localNames = checkRequiredProviders(requiredProviders, provider, problems, {
    where: requiredProviders[0]
      ? at(requiredProviders[0].defRange)
      : terraformBlocks[0]
        ? at(terraformBlocks[0].defRange)
        : missingAt,
  });

  const [kindDir, component, example, ...deeper] = name.split("/");
  const kind = kindDir === undefined ? undefined : COMPONENT_KINDS[kindDir];
  if (kindDir === undefined || kind === undefined) return problems;
  if (component === undefined || example === undefined || deeper.length > 0) {
    problems.push(
      `${name}: examples of ${kindDir.replace(/-/g, " ")} live in ${kindDir}/<${kind.what} name>/<example>/; move it there`,
    );
    return problems;
  }

  if (kind.block === undefined) {
    const calls = tf.flatMap((p) => functionCalls(p.body));
    const wanted = new Set(
      (localNames.length > 0 ? localNames : [provider.type]).map((l) => `provider::${l}::${component}`),
    );
    if (!calls.some((c) => wanted.has(c.name))) {
      const others = calls.filter((c) => c.name.startsWith("provider::"));
      const call = [...wanted][0];
      problems.push(
        `${missingAt}: the example documents the function ${component} but no .tf file calls ${call}(...); call it in an expression (output "result" { value = ${call}(...) }), or move the example to the directory of the function it calls${found(others.map((c) => [c.name, c.range]))}`,
      );
    }
    return problems;
  }

  const blocks =
    kind.in === "terraform"
      ? inTerraform.filter((b) => b.type === kind.block)
      : kind.in === "tfquery"
        ? listBlocks
        : topBlocks.filter((b) => b.type === kind.block);
  if (blocks.some((b) => b.labels[0] === component)) return problems;
  if (kind.in === "tfquery" && tfquery.length === 0) {
    problems.push(
      `${name}: the example documents the list resource ${component} but has no ${TFQUERY} file, where terraform query reads list blocks; add ${name}/main${TFQUERY} with list "${component}" "example" { provider = ${provider.type} ... }`,
    );
    return problems;
  }
  const header = `${kind.block} "${component}"`;
  const [where, place, example2] =
    kind.in === "terraform"
      ? [
          terraformBlocks[0] ? at(terraformBlocks[0].defRange) : missingAt,
          "terraform {} block",
          `terraform { ${header} { ... } }`,
        ]
      : kind.in === "tfquery"
        ? [at(tfquery[0]!.body.missingItemRange()), `${TFQUERY} file`, `${header} "example" { ... }`]
        : [missingAt, ".tf file", `${header} "example" { ... }`];
  problems.push(
    `${where}: the example documents the ${kind.what} ${component} but no ${place} has ${/^[aeiou]/.test(header) ? "an" : "a"} ${header} block; add one (${example2}), or move the example to the directory of the ${kind.what} it uses${found(blocks.map((b) => [`${kind.block} "${b.labels[0]}"`, b.defRange]))}`,
  );
  return problems;
}

/** " (found a at f:1:2, b at f:3:4)" for the things an example has instead, or "". */
function found(items: readonly (readonly [string, Range])[]): string {
  return items.length === 0 ? "" : ` (found ${items.map(([what, r]) => `${what} at ${at(r)}`).join(", ")})`;
}

/**
 * Checks that some `required_providers` entry has source = "<namespace>/<type>", pushing what
 * is wrong to `problems`; returns the local names of the entries that have it (what a
 * function call's `provider::<local name>::` may use).
 */
function checkRequiredProviders(
  blocks: readonly Block[],
  provider: InstalledProvider,
  problems: string[],
  options: { readonly where: string },
): string[] {
  const expected = `${provider.namespace}/${provider.type}`;
  const entries: { local: string; source: string | undefined; range: Range }[] = [];
  for (const b of blocks) {
    const { attributes, diagnostics } = b.body.justAttributes();
    problems.push(...errorsOf(diagnostics));
    for (const attr of Object.values(attributes)) {
      const source = sourceOf(attr.expr);
      entries.push({ local: attr.name, source: source?.value, range: source?.range ?? attr.range });
    }
  }
  // Source addresses are case-insensitive. A hostname (registry.opentofu.org/...) is not taken:
  // each binary must resolve the short address to its own registry, where the lock-file check
  // looks for the provider.
  const ours = entries.filter((e) => e.source?.toLowerCase() === expected.toLowerCase()).map((e) => e.local);
  if (ours.length > 0) return ours;
  // The entry the provider's own type names is the one meant for it (a resource type
  // "tsvider_x" belongs to the local name "tsvider").
  const meant = entries.find((e) => e.local === provider.type);
  const fix = `set source = "${expected}" (the runner installs ${expected} into a mirror that tofu reads as registry.opentofu.org/${expected} and terraform as registry.terraform.io/${expected})`;
  if (meant) {
    problems.push(
      meant.source === undefined
        ? `${at(meant.range)}: required_providers entry "${meant.local}" has no source, so tofu and terraform would look for hashicorp/${provider.type}; ${fix}`
        : `${at(meant.range)}: required_providers entry "${meant.local}" has source "${meant.source}", but the runner installs "${expected}"; ${fix}`,
    );
    return [];
  }
  problems.push(
    `${options.where}: no required_providers entry has source = "${expected}", the provider the runner installs; add terraform { required_providers { ${provider.type} = { source = "${expected}" } } }${found(
      entries.map((e) => [
        `${e.local} = ${e.source === undefined ? "(no source)" : JSON.stringify(e.source)}`,
        e.range,
      ]),
    )}`,
  );
  return [];
}

/** A required_providers entry's `source` string and where it is, when it has one. */
function sourceOf(expr: Expression): { value: string; range: Range } | undefined {
  // An object constructor (the usual form): only its `source` is read, so a `version` that
  // refers to something (which Terraform would refuse anyway) does not hide the source.
  const items =
    (expr as { readonly kind?: unknown }).kind === "objectCons"
      ? (expr as unknown as { readonly items: readonly { keyExpr: Expression; valueExpr: Expression }[] })
          .items
      : undefined;
  if (items !== undefined) {
    const item = items.find((i) => i.keyExpr.value().value.value === "source");
    if (item === undefined) return undefined;
    const { value, diagnostics } = item.valueExpr.value();
    return typeof value.value === "string" && !diagnostics.some((d) => d.severity === "error")
      ? { value: value.value, range: item.valueExpr.range }
      : undefined;
  }
  // Anything else (a bare version string, an object from elsewhere) as Terraform reads it:
  // evaluated without a context.
  const { value, diagnostics } = expr.value();
  if (diagnostics.some((d) => d.severity === "error")) return undefined;
  const v = value.value;
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const source = (v as Record<string, unknown>).source;
  return typeof source === "string" ? { value: source, range: expr.range } : undefined;
}

/** Every function call in a body's expressions, nested blocks included, in source order. */
function functionCalls(root: NativeBody): { name: string; range: Range }[] {
  const calls: { name: string; range: Range }[] = [];
  const bodies: NativeBody[] = [root];
  const exprs: NativeExpression[] = [];
  while (bodies.length > 0) {
    const body = bodies.pop()!;
    for (const attr of body.attributes.values()) exprs.push(attr.expr);
    for (const block of body.blocks) bodies.push(block.body);
  }
  // An explicit stack: expressions can nest deeply.
  while (exprs.length > 0) {
    const node = exprs.pop()!;
    const call = node as NativeExpression & {
      readonly kind?: unknown;
      readonly name?: unknown;
      readonly nameRange?: Range;
    };
    if (call.kind === "functionCall" && typeof call.name === "string" && call.nameRange)
      calls.push({ name: call.name, range: call.nameRange });
    for (const child of node.children()) exprs.push(child.node);
  }
  return calls.sort(
    (a, b) => a.range.filename.localeCompare(b.range.filename) || a.range.start.byte - b.range.start.byte,
  );
}
