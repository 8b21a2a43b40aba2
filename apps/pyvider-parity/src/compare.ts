// Comparing what the two providers left behind: every output and every state attribute as a
// list of leaves (path → JSON value), and the intended-differences list they are judged by.
import { readFileSync } from "node:fs";
import type { ShownModule, ShownState } from "@tsvider/conformance";
import type { Configuration } from "./configurations.js";
import type { Renamer } from "./renames.js";
import type { Diagnostic } from "./run.js";

export interface Leaf {
  /** The component the value belongs to: a resource's type, or the configuration's component for an output. */
  readonly component: string;
  /** `<attribute path>` of a resource, or `output.<name><path>`. */
  readonly attribute: string;
  /** Resource address or output name inside the configuration, for messages. */
  readonly where: string;
  readonly value: unknown;
}

export interface Difference {
  readonly configuration: string;
  readonly component: string;
  readonly attribute: string;
  readonly where: string;
  readonly pyvider: unknown;
  readonly tsvider: unknown;
}

export interface IntendedDifference {
  readonly component: string;
  readonly attribute: string;
  readonly pyvider: unknown;
  readonly tsvider: unknown;
  readonly reason: string;
}

/** An absent leaf (present on one side only) is shown as this. */
export const ABSENT = "(absent)";

/** Leaves of a JSON value, with empty collections kept as leaves of their own. */
export function flatten(value: unknown, path: string, out: [string, unknown][]): void {
  if (Array.isArray(value) && value.length > 0)
    for (const [i, item] of value.entries()) flatten(item, `${path}[${i}]`, out);
  else if (value !== null && typeof value === "object" && Object.keys(value).length > 0)
    for (const [key, item] of Object.entries(value)) flatten(item, path === "" ? key : `${path}.${key}`, out);
  else out.push([path, value]);
}

/**
 * Values that differ from run to run however right both providers are, compared by a shape
 * rather than ignored, so a change of format still shows. The default shape reads every digit
 * as 0 and every letter as a or A.
 */
export const VOLATILE: readonly {
  readonly test: (leaf: Leaf) => boolean;
  readonly shape?: (value: string) => string;
  readonly reason: string;
}[] = [
  {
    // RFC 3339 times: the wall clock at the moment each provider ran.
    test: (leaf) => typeof leaf.value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(leaf.value),
    reason: "the wall clock when each provider applied",
  },
  {
    // go-plugin's automatic mutual TLS: the host makes a new client certificate for every
    // provider it starts and passes it in this variable; env_variables shows it.
    test: (leaf) =>
      leaf.component === "tsvider_env_variables" && /(^|\.)PLUGIN_CLIENT_CERT$/.test(leaf.attribute),
    shape: (value) =>
      value.replace(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g, "<certificate>"),
    reason: "a certificate the host makes anew for every provider start",
  },
  {
    // go-plugin's client writes the protocol versions it offers from a Go map, whose order
    // Go randomizes: "5,6" on one start, "6,5" on the next. Compared as a set.
    test: (leaf) =>
      leaf.component === "tsvider_env_variables" && /(^|\.)PLUGIN_PROTOCOL_VERSIONS$/.test(leaf.attribute),
    shape: (value) => value.split(",").sort().join(","),
    reason: "the protocol versions the host offers, in a random order",
  },
];

/**
 * Random UUIDs (terraform_data's id, timed_token's id and token, which embed one) are made
 * anew on every create by design; each is read as `<uuid>` wherever it appears, on both sides.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function shape(value: unknown): unknown {
  return typeof value === "string"
    ? value.replace(/[0-9]/g, "0").replace(/[a-z]/g, "a").replace(/[A-Z]/g, "A")
    : value;
}

/** The leaves a configuration left in `state`, named as tsvider names them. */
export function leaves(
  configuration: Configuration,
  state: ShownState | undefined,
  runDir: string,
  toTsvider: Renamer | undefined,
): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const normalize = (value: unknown): unknown =>
    typeof value === "string" ? value.split(runDir).join("<run>").replace(UUID, "<uuid>") : value;
  const add = (leaf: Leaf) => {
    const normalized = { ...leaf, value: normalize(leaf.value) };
    const volatile = VOLATILE.find((v) => v.test(normalized));
    out.set(
      `${leaf.where} ${leaf.attribute}`,
      volatile === undefined
        ? normalized
        : {
            ...normalized,
            value:
              volatile.shape && typeof normalized.value === "string"
                ? volatile.shape(normalized.value)
                : shape(normalized.value),
          },
    );
  };
  const outputs = state?.values?.outputs?.[configuration.id]?.value;
  if (outputs !== undefined && outputs !== null) {
    const pairs: [string, unknown][] = [];
    flatten(outputs, "", pairs);
    for (const [path, value] of pairs)
      add({ component: configuration.component, attribute: `output.${path}`, where: "", value });
  }
  if (state?.values?.root_module)
    resourceLeaves(state.values.root_module, `module.${configuration.id}.`, toTsvider, add);
  return out;
}

/**
 * Every attribute of every resource and data source under `root` whose address starts with
 * `prefix`, as leaves named as tsvider names them: the address without the prefix, the type and
 * the attribute renamed by `toTsvider` (pyvider's side).
 */
export function resourceLeaves(
  root: ShownModule,
  prefix: string,
  toTsvider: Renamer | undefined,
  add: (leaf: Leaf) => void,
): void {
  const visit = (module: ShownModule) => {
    for (const resource of module.resources ?? []) {
      if (!resource.address.startsWith(prefix)) continue;
      const type = toTsvider?.type(resource.type) ?? resource.type;
      const where = toTsvider
        ? toTsvider.address(resource.address.slice(prefix.length))
        : resource.address.slice(prefix.length);
      const pairs: [string, unknown][] = [];
      flatten(resource.values, "", pairs);
      for (const [path, value] of pairs) {
        const top = /^[^.[]+/.exec(path)?.[0] ?? path;
        const attribute = toTsvider ? toTsvider.attribute(type, top) + path.slice(top.length) : path;
        add({
          component: type,
          attribute,
          where: `${resource.mode === "data" ? "data." : ""}${where.replace(/^data\./, "")}`,
          value,
        });
      }
    }
    for (const child of module.child_modules ?? []) visit(child);
  };
  visit(root);
}

export function compareLeaves(
  configuration: Configuration,
  pyvider: Map<string, Leaf>,
  tsvider: Map<string, Leaf>,
): { compared: number; differences: Difference[] } {
  const differences: Difference[] = [];
  const keys = new Set([...pyvider.keys(), ...tsvider.keys()]);
  for (const key of keys) {
    const py = pyvider.get(key);
    const ts = tsvider.get(key);
    const leaf = (ts ?? py) as Leaf;
    const pyValue = py === undefined ? ABSENT : py.value;
    const tsValue = ts === undefined ? ABSENT : ts.value;
    if (JSON.stringify(pyValue) === JSON.stringify(tsValue)) continue;
    differences.push({
      configuration: configuration.origin,
      component: leaf.component,
      attribute: leaf.attribute,
      where: leaf.where,
      pyvider: pyValue,
      tsvider: tsValue,
    });
  }
  return { compared: keys.size, differences };
}

/** A diagnostic as compared: its severity, summary and detail, and where it points. */
export function describeDiagnostic(
  diagnostic: Diagnostic,
  runDir: string,
  toTsvider: Renamer | undefined,
): string {
  const text = `${diagnostic.severity}: ${diagnostic.summary}${diagnostic.detail ? ` — ${diagnostic.detail}` : ""}${diagnostic.where ? ` (at ${diagnostic.where})` : ""}`;
  return renameNames(text.split(runDir).join("<run>"), toTsvider);
}

/** Every `pyvider_<name>` word of a text (a message, a step's name) renamed by `toTsvider`, if given. */
export function renameNames(text: string, toTsvider: Renamer | undefined): string {
  return toTsvider
    ? text.replace(new RegExp(`\\b${toTsvider.from.name}_(\\w+)`, "g"), (word) => toTsvider.address(word))
    : text;
}

export function compareDiagnostics(
  configuration: Configuration,
  pyvider: { ok: boolean; diagnostics: readonly string[] },
  tsvider: { ok: boolean; diagnostics: readonly string[] },
): { compared: number; differences: Difference[] } {
  const differences: Difference[] = [];
  const base = { configuration: configuration.origin, component: configuration.component, where: "" };
  if (pyvider.ok !== tsvider.ok)
    differences.push({
      ...base,
      attribute: "apply",
      pyvider: pyvider.ok ? "succeeded" : "failed",
      tsvider: tsvider.ok ? "succeeded" : "failed",
    });
  const count = Math.max(pyvider.diagnostics.length, tsvider.diagnostics.length);
  for (let i = 0; i < count; i++) {
    const py = pyvider.diagnostics[i] ?? ABSENT;
    const ts = tsvider.diagnostics[i] ?? ABSENT;
    if (py !== ts) differences.push({ ...base, attribute: `diagnostics[${i}]`, pyvider: py, tsvider: ts });
  }
  return { compared: count + 1, differences };
}

const LIST_FILE = new URL("../intended-differences.json", import.meta.url);

export function loadIntendedDifferences(file: URL | string = LIST_FILE): IntendedDifference[] {
  const where = typeof file === "string" ? file : file.pathname;
  const list = JSON.parse(readFileSync(file, "utf8")) as IntendedDifference[];
  if (!Array.isArray(list)) throw new Error(`${where}: expected a JSON array of entries`);
  list.forEach((entry, i) => {
    for (const key of ["component", "attribute", "reason"] as const)
      if (typeof entry[key] !== "string" || entry[key].trim() === "")
        throw new Error(
          `${where}: entry ${i} (${JSON.stringify(entry.component)}) has no "${key}"; every entry names the component, the attribute and why ours is right`,
        );
    if (!Object.hasOwn(entry, "pyvider") || !Object.hasOwn(entry, "tsvider"))
      throw new Error(
        `${where}: entry ${i} (${entry.component} ${entry.attribute}) must give "pyvider" and "tsvider", the two answers`,
      );
  });
  return list;
}

/**
 * `*` in an entry's attribute, or in a string value of it, stands for any run of characters (and
 * a value that is `*` alone for any value at all):
 * for one cause seen under several paths (a variable in each map of env_variables) or with
 * values that vary by configuration (hashes of differing content).
 */
function glob(pattern: string, text: string): boolean {
  if (!pattern.includes("*")) return pattern === text;
  const escaped = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`, "s").test(text);
}

function valueMatches(expected: unknown, actual: unknown): boolean {
  if (expected === "*") return true;
  if (typeof expected === "string" && expected.includes("*") && typeof actual === "string")
    return glob(expected, actual);
  return JSON.stringify(expected) === JSON.stringify(actual);
}

function matches(entry: IntendedDifference, difference: Difference): boolean {
  return (
    entry.component === difference.component &&
    glob(entry.attribute, difference.attribute) &&
    valueMatches(entry.pyvider, difference.pyvider) &&
    valueMatches(entry.tsvider, difference.tsvider)
  );
}

/** The differences no entry lists, and the entries no difference matched any more. */
export function judge(
  differences: readonly Difference[],
  list: readonly IntendedDifference[],
): { unlisted: Difference[]; stale: IntendedDifference[] } {
  const used = new Set<IntendedDifference>();
  const unlisted: Difference[] = [];
  for (const difference of differences) {
    const entry = list.find((e) => matches(e, difference));
    if (entry) used.add(entry);
    else unlisted.push(difference);
  }
  return { unlisted, stale: list.filter((entry) => !used.has(entry)) };
}
