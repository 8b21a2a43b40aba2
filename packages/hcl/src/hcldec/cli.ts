// The hcldec command (hashicorp's cmd/hcldec): decodes HCL or JSON configuration files with a
// spec file and prints the value as JSON, or the variables the configuration refers to. Same
// flags, output, diagnostics JSON and exit codes (0 done, 1 usage or I/O trouble, 2
// diagnostics), so hashicorp's specsuite runner can drive it.

import * as cty from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { encodeJson } from "@tsvider/cty/json";
import type { Body } from "../body.js";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { goQuote } from "../internal/go-quote.js";
import { asDynamicSlot, setOwn } from "../internal/typed-values.js";
import type { JsonNode, ObjectAttr } from "../json/ast.js";
import { JsonBody, parseJson } from "../json/index.js";
import { NativeBody, parseConfig } from "../native/index.js";
import { type Range, rangeBetween } from "../pos.js";
import { type Traversal, traverseAbs } from "../traversal.js";
import { decode } from "./decode.js";
import { formatDiagnosticText, type SourceFile } from "./diagnostic-text.js";
import {
  type GoJson,
  goJsonString,
  parseGoJson,
  stripNullProperties,
  writeIndented,
  writeSorted,
} from "./go-json.js";
import { MergedBody } from "./merged-body.js";
import { decodeSpecFile } from "./spec-file.js";
import { variables as variablesOf } from "./variables.js";

export interface HcldecIO {
  readonly stdin: () => Uint8Array;
  /** Throws when the file cannot be read. */
  readonly readFile: (path: string) => Uint8Array;
  readonly writeFile: (path: string, text: string) => void;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Colour the text diagnostics (hcldec does when stderr is a terminal). */
  readonly color?: boolean;
  /** Wrap width of text diagnostics (hcldec uses stdout's terminal width, else 80). */
  readonly width?: number;
}

const versionText = "0.0.1-dev";

const usageText = `usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --diags string        format any returned diagnostics in the given format; currently only "json" is accepted
      --keep-nulls          retain object properties that have null as their value (they are removed by default)
  -o, --out string          write to the given file, instead of stdout
  -s, --spec string         path to spec file (required)
      --var-refs            rather than decoding input, produce a JSON description of the variables referenced by it
  -V, --vars json-or-file   provide variables to the given configuration file(s)
  -v, --version             show the version number and immediately exit
      --with-type           include an additional object level at the top describing the HCL-oriented type of the result value
`;

interface Options {
  spec: string;
  out: string;
  diags: string;
  varRefs: boolean;
  withType: boolean;
  version: boolean;
  keepNulls: boolean;
  vars: string[];
  files: string[];
}

const stringFlags: Record<string, "spec" | "out" | "diags" | "vars"> = {
  spec: "spec",
  out: "out",
  diags: "diags",
  vars: "vars",
};
const boolFlags: Record<string, "varRefs" | "withType" | "version" | "keepNulls"> = {
  "var-refs": "varRefs",
  "with-type": "withType",
  version: "version",
  "keep-nulls": "keepNulls",
};
const shorthands: Record<string, string> = { s: "spec", o: "out", v: "version", V: "vars" };

/** pflag's parsing: long and short flags anywhere among the arguments, `--` ending them. */
function parseArgs(args: readonly string[]): Options | string {
  const o: Options = {
    spec: "",
    out: "",
    diags: "",
    varRefs: false,
    withType: false,
    version: false,
    keepNulls: false,
    vars: [],
    files: [],
  };
  const setString = (name: string, value: string) => {
    const key = stringFlags[name]!;
    if (key === "vars") o.vars.push(value);
    else o[key] = value;
  };
  const setBool = (name: string, value: string | undefined, shown: string): string | undefined => {
    if (
      value === undefined ||
      value === "true" ||
      value === "1" ||
      value === "t" ||
      value === "T" ||
      value === "TRUE" ||
      value === "True"
    )
      o[boolFlags[name]!] = true;
    else if (
      value === "false" ||
      value === "0" ||
      value === "f" ||
      value === "F" ||
      value === "FALSE" ||
      value === "False"
    )
      o[boolFlags[name]!] = false;
    else
      return `invalid argument "${value}" for "${shown}" flag: strconv.ParseBool: parsing "${value}": invalid syntax`;
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      o.files.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--") && arg.length > 2) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const inline = eq < 0 ? undefined : arg.slice(eq + 1);
      if (name === "help") return "help";
      if (name in stringFlags) {
        if (inline !== undefined) setString(name, inline);
        else if (i + 1 < args.length) setString(name, args[++i]!);
        else return `flag needs an argument: --${name}`;
      } else if (name in boolFlags) {
        const problem = setBool(name, inline, `--${name}`);
        if (problem) return problem;
      } else return `unknown flag: --${name}`;
      continue;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const c = arg[j]!;
        if (c === "h") return "help";
        const name = shorthands[c];
        if (name === undefined) return `unknown shorthand flag: '${c}' in ${arg}`;
        if (name in boolFlags) {
          if (arg[j + 1] === "=") {
            const problem = setBool(name, arg.slice(j + 2), `-${c}, --${name}`);
            if (problem) return problem;
            break;
          }
          o[boolFlags[name]!] = true;
          continue;
        }
        const rest = arg.slice(j + 1);
        if (rest !== "") setString(name, rest.startsWith("=") ? rest.slice(1) : rest);
        else if (i + 1 < args.length) setString(name, args[++i]!);
        else return `flag needs an argument: '${c}' in -${c}`;
        break;
      }
      continue;
    }
    o.files.push(arg);
  }
  return o;
}

class UsageError extends Error {}

export function runHcldec(args: readonly string[], io: HcldecIO): number {
  const parsed = parseArgs(args);
  if (typeof parsed === "string") {
    if (parsed !== "help") io.stderr(`${parsed}\n`);
    io.stderr(usageText);
    return 2;
  }
  if (parsed.version) {
    io.stdout(`${versionText}\n`);
    return 0;
  }
  if (parsed.diags !== "" && parsed.diags !== "json") {
    io.stderr(`Invalid diagnostics format ${goJsonString(parsed.diags)}: only "json" is supported.\n`);
    return 2;
  }
  try {
    return realMain(parsed, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`Error: ${e.message}\n\n`);
    return 1;
  }
}

function realMain(o: Options, io: HcldecIO): number {
  if (o.spec === "") throw new UsageError("the --spec=... argument is required");
  const files = new Map<string, SourceFile>();
  const writeDiagnostics = (diagnostics: readonly Diagnostic[]): number => {
    if (o.diags === "json") {
      if (diagnostics.length > 0) io.stderr(`${writeIndented(diagnosticsJson(diagnostics))}\n`);
    } else {
      for (const d of diagnostics)
        io.stderr(formatDiagnosticText(d, files, io.width ?? 80, io.color ?? false));
    }
    return 2;
  };
  const readConfig = (
    filename: string,
    json: boolean,
  ): { body: Body | undefined; diagnostics: Diagnostic[] } => {
    let bytes: Uint8Array;
    try {
      bytes = io.readFile(filename);
    } catch {
      // (hcl's JSON and native readers word this differently.)
      const diagnostic: Diagnostic = json
        ? {
            severity: "error",
            summary: "Failed to open file",
            detail: `The file ${goJsonString(filename)} could not be opened.`,
          }
        : {
            severity: "error",
            summary: "Failed to read file",
            detail: `The configuration file ${goJsonString(filename)} could not be read.`,
          };
      return { body: undefined, diagnostics: [diagnostic] };
    }
    const { file, diagnostics } = json ? parseJson(bytes, filename) : parseConfig(bytes, filename);
    files.set(filename, sourceFile(file.body, bytes));
    return { body: file.body, diagnostics };
  };

  const diagnostics: Diagnostic[] = [];
  const specRead = readConfig(o.spec, false);
  diagnostics.push(...specRead.diagnostics);
  if (specRead.body === undefined || hasErrors(specRead.diagnostics)) return writeDiagnostics(diagnostics);
  const { specFile, diagnostics: specDiags } = decodeSpecFile(specRead.body);
  diagnostics.push(...specDiags);
  if (hasErrors(specDiags)) return writeDiagnostics(diagnostics);

  const variables: Record<string, TypedValue> = { ...specFile.variables };
  for (const [i, varsArg] of o.vars.entries()) {
    let body: Body | undefined;
    if (varsArg.trim().startsWith("{")) {
      // A JSON object given literally on the command line.
      const name = `<vars argument ${i}>`;
      const bytes = new TextEncoder().encode(varsArg);
      const r = parseJson(bytes, name);
      files.set(name, sourceFile(r.file.body, bytes));
      diagnostics.push(...r.diagnostics);
      body = r.file.body;
    } else {
      const r = readConfig(varsArg, varsArg.endsWith(".json"));
      diagnostics.push(...r.diagnostics);
      body = r.body;
    }
    if (body === undefined) continue;
    const { attributes, diagnostics: attrDiags } = body.justAttributes();
    diagnostics.push(...attrDiags);
    for (const [name, attr] of Object.entries(attributes)) {
      const r = attr.expr.value();
      diagnostics.push(...r.diagnostics);
      setOwn(variables, name, r.value);
    }
  }
  const functions = specFile.functions;
  // With nothing in it, no context at all: references are then "not allowed here" errors
  // rather than "unknown variable" ones.
  const hasVariables = Object.keys(variables).length > 0;
  const hasFunctions = Object.keys(functions).length > 0;
  const ctx: EvalContext | undefined =
    hasVariables || hasFunctions
      ? { ...(hasVariables ? { variables } : {}), ...(hasFunctions ? { functions } : {}) }
      : undefined;

  const bodies: Body[] = [];
  if (o.files.length === 0) {
    const bytes = io.stdin();
    const r = parseConfig(bytes, "<stdin>");
    files.set("<stdin>", sourceFile(r.file.body, bytes));
    diagnostics.push(...r.diagnostics);
    if (!hasErrors(r.diagnostics)) bodies.push(r.file.body);
  } else {
    for (const filename of o.files) {
      const r = readConfig(filename, filename.endsWith(".json"));
      diagnostics.push(...r.diagnostics);
      if (r.body !== undefined && !hasErrors(r.diagnostics)) bodies.push(r.body);
    }
  }
  if (hasErrors(diagnostics)) return writeDiagnostics(diagnostics);
  const body = bodies.length === 1 ? bodies[0]! : new MergedBody(bodies);

  if (o.varRefs) {
    const refs = variablesOf(body, specFile.rootSpec);
    write(o, io, writeIndented({ kind: "array", elements: refs.map((t) => traversalJson(t, ctx)) }));
    return 0;
  }

  const { value, diagnostics: decodeDiags } = decode(body, specFile.rootSpec, ctx);
  diagnostics.push(...decodeDiags);
  if (hasErrors(diagnostics)) return writeDiagnostics(diagnostics);

  let text: string;
  try {
    text = o.withType ? encodeJson(asDynamicSlot(value), cty.dynamic) : encodeJson(value.value, value.type);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  // Nulls for absent items are noise to most consumers, so they go unless asked for.
  if (!o.keepNulls) text = writeSorted(stripNullProperties(parseGoJson(text)));
  write(o, io, text);
  return 0;
}

/** A parsed file with what hcl's diagnostics text names as the construct around a position. */
function sourceFile(body: Body, bytes: Uint8Array): SourceFile {
  if (body instanceof NativeBody) {
    // The top-level block around the position: its type and labels.
    return {
      bytes,
      contextAt: (offset) => {
        const block = body.blocks.find(
          (b) => b.typeRange.start.byte <= offset && offset < b.closeBraceRange.end.byte,
        );
        return block === undefined ? "" : [block.type, ...block.labels.map((l) => goQuote(l))].join(" ");
      },
    };
  }
  if (body instanceof JsonBody) return { bytes, contextAt: (offset) => jsonContext(body.node, offset) };
  return { bytes };
}

/** The path of nested objects and arrays around a position in JSON, as "a.b[0].c". */
function jsonContext(root: JsonNode, offset: number): string {
  let path = "";
  const inside = (n: JsonNode) =>
    (n.kind === "object" || n.kind === "array") && n.range.start.byte <= offset && offset < n.range.end.byte;
  for (let node: JsonNode | undefined = root; node !== undefined; ) {
    let next: JsonNode | undefined;
    if (node.kind === "object") {
      const attr: ObjectAttr | undefined = node.attrs.find((a) => inside(a.value));
      if (attr !== undefined) {
        path += `.${attr.name}`;
        next = attr.value;
      }
    } else if (node.kind === "array") {
      const i = node.values.findIndex(inside);
      if (i >= 0) {
        path += `[${i}]`;
        next = node.values[i];
      }
    }
    node = next;
  }
  return path.startsWith(".") ? path.slice(1) : path;
}

function write(o: Options, io: HcldecIO, text: string): void {
  if (o.out === "") {
    io.stdout(`${text}\n`);
    return;
  }
  try {
    io.writeFile(o.out, `${text}\n`);
  } catch (e) {
    throw new UsageError(`can't open ${o.out} for writing: ${(e as Error).message}`);
  }
}

const num = (n: number): GoJson => ({ kind: "number", text: String(n) });
const str = (s: string): GoJson => ({ kind: "string", value: s });

function rangeJson(r: Range): GoJson {
  const pos = (p: Range["start"]): GoJson => ({
    kind: "object",
    entries: [
      ["line", num(p.line)],
      ["column", num(p.column)],
      ["byte", num(p.byte)],
    ],
  });
  return {
    kind: "object",
    entries: [
      ["filename", str(r.filename)],
      ["start", pos(r.start)],
      ["end", pos(r.end)],
    ],
  };
}

/** The diagnostics JSON cmd/hcldec writes with --diags=json. */
function diagnosticsJson(diagnostics: readonly Diagnostic[]): GoJson {
  return {
    kind: "object",
    entries: [
      [
        "diagnostics",
        {
          kind: "array",
          elements: diagnostics.map((d) => {
            const entries: [string, GoJson][] = [
              ["severity", str(d.severity)],
              ["summary", str(d.summary)],
            ];
            if (d.detail !== undefined && d.detail !== "") entries.push(["detail", str(d.detail)]);
            if (d.subject !== undefined) entries.push(["subject", rangeJson(d.subject)]);
            return { kind: "object", entries };
          }),
        },
      ],
    ],
  };
}

/** One traversal as --var-refs describes it, with its current value when the context has one. */
function traversalJson(t: Traversal, ctx: EvalContext | undefined): GoJson {
  const entries: [string, GoJson][] = [];
  const root = t[0];
  entries.push(["root_name", str(root?.kind === "root" ? root.name : "")]);
  const current = traverseAbs(t, ctx);
  if (!hasErrors(current.diagnostics)) {
    try {
      entries.push(["value", parseGoJson(encodeJson(current.value.value, current.value.type))]);
    } catch {
      // No JSON for an unknown value: hcldec leaves the value out.
    }
  }
  const steps = t.map((step): GoJson => {
    const e: [string, GoJson][] = [];
    switch (step.kind) {
      case "root":
      case "attr":
        e.push(["kind", str(step.kind)], ["name", str(step.name)]);
        break;
      case "index":
        e.push(["kind", str("index")]);
        try {
          e.push(["key", parseGoJson(encodeJson(step.key, step.keyType))]);
        } catch {
          // A key with no JSON form is left out, as hcldec does.
        }
        break;
      default:
        e.push(["kind", str("(unknown)")]);
    }
    e.push(["range", rangeJson(step.range)]);
    return { kind: "object", entries: e };
  });
  entries.push(["steps", { kind: "array", elements: steps }]);
  const first = t[0];
  const last = t[t.length - 1];
  const zero = { line: 0, column: 0, byte: 0 };
  entries.push([
    "range",
    rangeJson(
      first && last ? rangeBetween(first.range, last.range) : { filename: "", start: zero, end: zero },
    ),
  ]);
  return { kind: "object", entries };
}
