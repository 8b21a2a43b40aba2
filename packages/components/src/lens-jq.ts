/**
 * jq over Terraform values: the `lens_jq` function and the `tsvider_lens_jq` data source, running
 * jq 1.8 (compiled to WebAssembly) under a time limit and a memory cap.
 *
 * @packageDocumentation
 */
// jq over Terraform values: the function `lens_jq(input_data, query)` and the data source
// `tsvider_lens_jq`. jq itself runs: jq 1.8 compiled to WebAssembly (the jq-wasm package, by a
// jq maintainer), so every filter, builtin and error message is jq's own. It runs in a worker
// thread under a time limit and a memory cap (internal/jq-worker.ts), so a program that never
// ends or fills memory is stopped with a diagnostic naming the limit while the provider keeps
// answering Terraform. The WebAssembly module (about 1 MB) is compiled only when the first jq
// program runs, so a provider that never runs one starts as fast as before. Values go to jq and
// come back as JSON text with every digit kept; jq computes in doubles, as the jq binary does,
// but a number it only passes through keeps its digits (jq 1.7 and newer preserve number
// literals).
import {
  attr,
  DataSourceError,
  defineDataSource,
  defineProviderFunction,
  FunctionError,
  isUnknown,
  type ProviderFunction,
  t,
  ValidationError,
} from "@tsvider/framework";
import { fromJsonText, jsonText, type Typed, toDynamic, typedOf } from "./internal/dynamic.js";
import { defaultJqLimits, type JqLimits, JqStoppedError, jqRunner } from "./internal/jq-worker.js";
import { type LensSettings, lensSettingsOf } from "./provider-config.js";

export { JqStoppedError } from "./internal/jq-worker.js";

/** The longest time limit a jq program may be given, in milliseconds: setTimeout's longest wait, about 24.8 days. */
export const LONGEST_JQ_TIME_LIMIT_MS = 2 ** 31 - 1;

/** How long and how big a jq program may run; each defaults to the value in the README. */
export interface JqLimitOptions {
  /** Milliseconds one program may run before it is stopped; default 10,000 (10 s). */
  readonly timeLimitMs?: number;
  /**
   * MiB of memory one program may use (jq's heap, and the text of its input and output), from
   * 32 to 256 (the most jq's WebAssembly build can use); default 256.
   */
  readonly memoryLimitMiB?: number;
}

function limitsOf(options: JqLimitOptions): JqLimits {
  const limits = { ...defaultJqLimits };
  const check = (name: keyof JqLimitOptions, value: number | undefined, least: number, most: number) => {
    if (value === undefined) return;
    if (!(value >= least && value <= most)) {
      throw new RangeError(`lens_jq's ${name} must be a number from ${least} to ${most}; got ${value}`);
    }
    limits[name === "timeLimitMs" ? "timeLimitMs" : "memoryLimitMiB"] = value;
  };
  check("timeLimitMs", options.timeLimitMs, 1, LONGEST_JQ_TIME_LIMIT_MS);
  // jq's initial heap is 16 MiB, and its WebAssembly build cannot grow past 256 MiB.
  check("memoryLimitMiB", options.memoryLimitMiB, 32, 256);
  return limits;
}

/** Why a jq program did not give results: it does not compile, or it failed while running. */
export class JqProgramError extends Error {
  override readonly name = "JqProgramError";
  constructor(
    message: string,
    /** true: the program does not compile (a syntax error, an unknown function). */
    readonly compile: boolean,
  ) {
    super(message);
  }
}

/** jq's own message, without the "jq: " prefixes and the trailing error count. */
function jqMessage(stderr: string): string {
  return stderr
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^jq: \d+ compile errors?$/.test(line))
    .map((line) => line.replace(/^jq: error(?: \(at [^)]*\))?: /, ""))
    .join("\n")
    .trim();
}

/**
 * Runs `query` on `input` (JSON text) and returns each output as JSON text, in order. Throws
 * JqProgramError with jq's message when the program does not compile or fails, and
 * JqStoppedError when it reaches a limit or `signal` fires.
 */
export async function runJq(
  inputJson: string,
  query: string,
  options: JqLimitOptions & { readonly signal?: AbortSignal } = {},
): Promise<string[]> {
  // -c: one output a line, compact.
  const result = await jqRunner(limitsOf(options)).run(inputJson, query, ["-c"], options.signal);
  if (result.exitCode !== 0) {
    // jq exits 3 for a program that does not compile and 5 for an error while it runs.
    throw new JqProgramError(
      jqMessage(result.stderr) || `jq exited with code ${result.exitCode}`,
      result.exitCode === 3,
    );
  }
  return result.stdout.split("\n").filter((line) => line !== "");
}

/**
 * Compiles `query` without running it, for validation: the program becomes the body of a
 * definition that is referenced (jq drops unreferenced ones before resolving names) behind a
 * branch that never runs, so jq parses it and resolves its functions and variables, and runs
 * nothing. Returns jq's message for a program that does not compile, undefined otherwise.
 */
export async function checkJqProgram(
  query: string,
  options: JqLimitOptions = {},
): Promise<string | undefined> {
  // The program on lines of its own, so a comment at its end cannot swallow what follows.
  const probe = `def tsvider_probe:\n${query}\n;\nif false then tsvider_probe else empty end`;
  const runner = jqRunner(limitsOf(options));
  if ((await runner.run("null", probe, ["-c"])).exitCode !== 3) return undefined;
  // It does not compile: the program itself gives jq's message with the practitioner's lines
  // and columns, failing before anything runs. (A program that compiles only at the top, such
  // as one starting with `include`, runs here on null, under the same limits.)
  const own = await runner.run("null", query, ["-c"]);
  return own.exitCode === 3 ? jqMessage(own.stderr) : undefined;
}

/** The words for a program stopped at a limit: which limit, and who can raise it. */
function stoppedDetail(err: JqStoppedError, where: string): string {
  if (err.why === "cancelled") return "Terraform asked the provider to stop while the jq program ran.";
  const option = err.why === "time" ? "timeLimitMs" : "memoryLimitMiB";
  const what =
    err.why === "time"
      ? "A program that never ends, such as `def f: f; f`, is stopped there."
      : "A program that builds ever larger values is stopped there.";
  return `${what} Give a program that needs less; the provider's author can raise the limit with the ${option} option of ${where} (@tsvider/components/lens-jq).`;
}

/** The outputs as one value: none is null, one is itself, several are a tuple of them. */
export function combineOutputs(outputs: readonly string[]): { json: string; value: Typed | null } {
  if (outputs.length === 0) return { json: "null", value: null };
  const json = outputs.length === 1 ? outputs[0]! : `[${outputs.join(",")}]`;
  return { json, value: fromJsonText(json) };
}

const queryDescription =
  'A jq program, such as `".users[] | select(.active) | .name"`. It runs as the jq command-line tool runs it, with jq 1.8\'s builtins.';

/**
 * The function `lens_jq` with its own limits (`timeLimitMs`, `memoryLimitMiB`); `lensJqFunction`
 * is this with the defaults.
 */
export function createLensJqFunction(options: JqLimitOptions = {}): ProviderFunction {
  const limits = limitsOf(options);
  return defineProviderFunction({
    name: "lens_jq",
    summary: "Runs a jq program on a value",
    markdownDescription:
      "Runs the jq program `query` on `input_data` (any value: an object, a list, a string...) and returns what it gives, as a Terraform value: no output gives null, one output gives that value, several outputs give a tuple of them (wrap the program in `[...]` to always get a list). Objects come back as objects, arrays as tuples. A program that does not compile, or fails while running (`error(...)`, indexing a string with a number), is an error on `query` with jq's own message. To run jq on JSON text, give `jsondecode(text)`, or use the `tsvider_lens_jq` data source.",
    params: [
      {
        name: "input_data",
        type: t.dynamic,
        allowNullValue: true,
        description: "The value the program reads as its input (`.`); null is jq's null.",
      },
      { name: "query", type: t.string, description: queryDescription },
    ],
    returns: t.dynamic,
    run: async (input, query) => {
      if (query.trim() === "")
        throw new FunctionError('the jq program is empty: give one, such as "."', { argument: 1 });
      let outputs: string[];
      try {
        outputs = await runJq(jsonText(typedOf(input)), query, limits);
      } catch (err) {
        if (err instanceof JqStoppedError) {
          throw new FunctionError(`${err.message}. ${stoppedDetail(err, "createLensJqFunction")}`, {
            argument: 1,
            cause: err,
          });
        }
        if (err instanceof JqProgramError) {
          throw new FunctionError(
            `${err.compile ? "the jq program does not compile" : "the jq program failed"}: ${err.message}`,
            { argument: 1, cause: err },
          );
        }
        throw err;
      }
      return toDynamic(combineOutputs(outputs).value);
    },
  });
}

/**
 * The provider function `lens_jq(input_data, query)` with the default limits (10 s, 256 MiB):
 * runs the jq program `query` on any Terraform value and returns null for no output, the output
 * for one, a tuple for several (`provider::tsvider::lens_jq` in the reference provider). Use
 * `createLensJqFunction` for other limits.
 */
export const lensJqFunction: ProviderFunction = createLensJqFunction();

const schema = {
  // Optional where pyvider's is required: `input` is the other way to give the input, and
  // exactly one of the two must be set (validateConfig says so, naming both).
  json_input: attr.string({
    optional: true,
    description: "The input as JSON text. Set exactly one of `json_input` and `input`.",
  }),
  input: attr.dynamic({
    optional: true,
    description:
      "The input as a Terraform value of any type (an object, a list, a string...). Set exactly one of `json_input` and `input`.",
  }),
  query: attr.string({ required: true, description: queryDescription }),
  result: attr.dynamic({
    computed: true,
    description:
      "What the program outputs: null for no output, the value itself for one output, a tuple of the outputs for several (wrap the program in `[...]` to always get a list). JSON objects become objects, arrays tuples.",
  }),
  result_json: attr.string({
    computed: true,
    description:
      "The same result as compact JSON, as jq writes it (object keys in the order jq gives them); several outputs are a JSON array. A number jq only passes through keeps every digit here, whatever its size.",
  }),
};

/**
 * Options of `lensJqDataSource`: the type name, where the lens settings are in the provider's
 * data, and the jq limits.
 */
export interface LensJqOptions extends JqLimitOptions {
  /** Defaults to `tsvider_lens_jq`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /**
   * Where the lens settings (`lens_enabled`) are in the provider's data; by default
   * `lensSettingsOf`, which finds what `lensSettings(config)` made. A provider without them
   * (null) always runs the data source.
   */
  readonly settings?: (providerData: unknown) => LensSettings | null;
}

/** The input's JSON text, checked: a ValidationError at json_input when it is not JSON. */
function inputJson(config: { json_input: string | null; input: unknown }): string {
  if (config.json_input !== null) {
    const parsed = safeFromJson(config.json_input);
    if (parsed instanceof Error) {
      throw new ValidationError("json_input is not valid JSON", {
        detail: `${parsed.message}. Give JSON text, such as the result of jsonencode(...), or set input to a Terraform value instead.`,
        path: [{ attribute: "json_input" }],
      });
    }
    return config.json_input;
  }
  return jsonText(typedOf(config.input as Parameters<typeof typedOf>[0]));
}

function safeFromJson(text: string): Typed | null | Error {
  try {
    return fromJsonText(text);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * A data source that runs the jq program `query` on `json_input` (JSON text) or `input` (any
 * Terraform value) and gives the result as a value (`result`) and as JSON text with every digit
 * kept (`result_json`) (`tsvider_lens_jq` unless `options.typeName` says otherwise). The program
 * is compiled at validation, so a bad one is reported at `query` before plan; a read fails when
 * the provider's lens settings (`lensSettings`, provider-config.ts) say `lens_enabled = false`.
 */
export function lensJqDataSource(options: LensJqOptions = {}) {
  const limits = limitsOf(options);
  const settingsOf = options.settings ?? lensSettingsOf;
  const typeName = options.typeName ?? "tsvider_lens_jq";
  return defineDataSource({
    typeName,
    description:
      "Runs a jq program on JSON text or on a Terraform value and gives the result as a value and as JSON text. Turned off by `lens_enabled = false` in the provider block.",
    schema,
    async validateConfig({ config }) {
      const json = config.json_input;
      const input = config.input;
      const jsonSet = json !== null;
      const inputSet = input !== null;
      if (!isUnknown(json) && !isUnknown(input) && jsonSet === inputSet) {
        throw new ValidationError(jsonSet ? "json_input and input are both set" : "no input is set", {
          detail: "Set exactly one of json_input (JSON text) and input (a Terraform value).",
          path: [{ attribute: jsonSet ? "input" : "json_input" }],
        });
      }
      if (typeof json === "string") inputJson({ json_input: json, input: null });
      const query = config.query;
      if (typeof query === "string") {
        if (query.trim() === "") {
          throw new ValidationError("query is empty", {
            detail: 'Give a jq program, such as "." or ".items[0]".',
            path: [{ attribute: "query" }],
          });
        }
        const problem = await checkJqProgram(query, limits).catch((err: unknown) => {
          // Compiling never runs the program, so this is a program that runs at the top.
          if (err instanceof JqStoppedError) return err.message;
          throw err;
        });
        if (problem !== undefined) {
          throw new ValidationError("query is not a valid jq program", {
            detail: problem,
            path: [{ attribute: "query" }],
          });
        }
      }
    },
    async read({ config, signal, providerData }) {
      if (settingsOf(providerData)?.lensEnabled === false) {
        throw new DataSourceError(`${typeName} is turned off by the provider's lens_enabled = false`, {
          detail: `The provider block sets lens_enabled = false, which turns off the lens (jq) data source. Set lens_enabled = true in the provider block, or leave it out (the default is true), to read ${typeName}; or remove this data source.`,
        });
      }
      let outputs: string[];
      try {
        outputs = await runJq(inputJson(config), config.query, { ...limits, signal });
      } catch (err) {
        if (err instanceof JqStoppedError) {
          throw new DataSourceError(err.message, {
            detail: stoppedDetail(err, "lensJqDataSource"),
            path: [{ attribute: "query" }],
            cause: err,
          });
        }
        if (!(err instanceof JqProgramError)) throw err;
        throw new DataSourceError(err.compile ? "query is not a valid jq program" : "the jq program failed", {
          detail: err.message,
          path: [{ attribute: "query" }],
          cause: err,
        });
      }
      const combined = combineOutputs(outputs);
      return { ...config, result: toDynamic(combined.value), result_json: combined.json };
    },
  });
}
