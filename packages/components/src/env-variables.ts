/**
 * The `tsvider_env_variables` data source: the provider process's environment variables,
 * selected by name, prefix or regular expression.
 *
 * @packageDocumentation
 */
// The environment of the provider process (which it inherits from tofu or terraform), filtered
// by name: a few named variables, those with a prefix, or those matching a regular expression.
// Variables named in sensitive_keys are kept apart, in a sensitive attribute.
import { runInNewContext } from "node:vm";
import {
  attr,
  DataSourceError,
  defineDataSource,
  t,
  type ValidatorFunction,
  validate,
} from "@tsvider/framework";

const transforms = ["upper", "lower"] as const;

/** How long `regex` may take to match all the variable names; legitimate patterns take microseconds. */
export const REGEX_TIME_LIMIT_MS = 5000;

const validRegex: ValidatorFunction<string> = (pattern) => {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (err) {
    return `is not a valid regular expression: ${(err as Error).message}`;
  }
};

const noEmptyNames: ValidatorFunction<string[]> = (names) => {
  const i = names.findIndex((n) => n === "" || n.includes("="));
  return i < 0
    ? undefined
    : `element ${i} ("${names[i]}") is not a variable name: names are not empty and hold no "="`;
};

const schema = {
  keys: attr.list(t.string, {
    optional: true,
    description:
      "Exactly these variables; those not set are left out. Only one of `keys`, `prefix` and `regex`.",
    validators: [validate.conflictsWith("prefix", "regex"), noEmptyNames],
  }),
  prefix: attr.string({
    optional: true,
    description: "The variables whose names start with this. Only one of `keys`, `prefix` and `regex`.",
    validators: [validate.conflictsWith("regex")],
  }),
  regex: attr.string({
    optional: true,
    description:
      'The variables whose names match this regular expression (JavaScript syntax), matched from the name\'s first character, as `prefix` is: `"_URL$"` matches nothing, `".*_URL$"` every name ending in `_URL`. An invalid expression is refused during validation, and one that takes longer than 5 s to match the names (nested repetition such as `(A+)+` can backtrack for hours) fails the read. Only one of `keys`, `prefix` and `regex`.',
    validators: [validRegex],
  }),
  // Optional and computed, as pyvider declares an attribute with a default: unset, the state
  // shows the default that was applied (true), not null.
  exclude_empty: attr.bool({
    optional: true,
    computed: true,
    description: "Leave out variables set to the empty string. Default (and value in state when unset) true.",
  }),
  case_sensitive: attr.bool({
    optional: true,
    computed: true,
    description:
      "Whether `prefix` and `regex` match names case-sensitively. Default (and value in state when unset) true. (`keys` always matches exactly.)",
  }),
  transform_keys: attr.string({
    optional: true,
    description: '`"upper"` or `"lower"`: the case of the names in the results.',
    validators: [validate.oneOf(transforms)],
  }),
  transform_values: attr.string({
    optional: true,
    description: '`"upper"` or `"lower"`: the case of the values in the results.',
    validators: [validate.oneOf(transforms)],
  }),
  sensitive_keys: attr.list(t.string, {
    optional: true,
    description:
      "Variables to put in `sensitive_values` instead of `values`, by their name in the environment or after `transform_keys`.",
  }),
  values: attr.map(t.string, {
    computed: true,
    description: "The selected variables, except those in `sensitive_keys`.",
  }),
  sensitive_values: attr.map(t.string, {
    computed: true,
    sensitive: true,
    description: "The selected variables named in `sensitive_keys`.",
  }),
  all_values: attr.map(t.string, {
    computed: true,
    sensitive: true,
    description: "Every selected variable; sensitive because it holds the sensitive ones too.",
  }),
  all_environment: attr.map(t.string, {
    computed: true,
    sensitive: true,
    description:
      "The provider's whole environment, unfiltered; sensitive because an environment usually holds credentials.",
  }),
};

/**
 * Options of `envVariablesDataSource`: the type name, the environment to read, the variables
 * never shown and the time limit on `regex`.
 */
export interface EnvVariablesOptions {
  /** Defaults to `tsvider_env_variables`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /** The environment to read; defaults to the provider process's own (`process.env`). */
  readonly env?: () => Readonly<Record<string, string | undefined>>;
  /**
   * Variables never shown, whatever the filters: the provider's own secrets. Defaults to
   * `TSVIDER_PRIVATE_STATE_SECRET`, the key of resources' private state, which would otherwise
   * land in the state file it protects.
   */
  readonly hidden?: readonly string[];
  /**
   * How long `regex` may take to match the variable names before the read fails with an
   * error on `regex` (see REGEX_TIME_LIMIT_MS, 5 s by default).
   */
  readonly regexTimeLimitMs?: number;
}

/**
 * A data source giving the provider process's environment variables, selected by `keys`,
 * `prefix` or `regex`, with those named in `sensitive_keys` kept apart in a sensitive attribute
 * (`tsvider_env_variables` unless `options.typeName` says otherwise). `options.hidden` names
 * variables it never shows, the private state key by default, so the provider's own secrets
 * cannot reach the state file.
 */
export function envVariablesDataSource(options: EnvVariablesOptions = {}) {
  const environment = options.env ?? (() => process.env);
  const hidden = new Set(options.hidden ?? ["TSVIDER_PRIVATE_STATE_SECRET"]);
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_env_variables",
    description:
      "Environment variables of the provider process, selected by name, prefix or regular expression.",
    schema,
    async read({ config }) {
      const all: Record<string, string> = {};
      for (const [name, value] of Object.entries(environment()))
        if (value !== undefined && !hidden.has(name)) all[name] = value;
      const caseSensitive = config.case_sensitive ?? true;
      const excludeEmpty = config.exclude_empty ?? true;
      const sensitiveNames = new Set(config.sensitive_keys ?? []);
      const values: Record<string, string> = {};
      const sensitive: Record<string, string> = {};
      const selected: Record<string, string> = {};
      const candidates = (config.keys ?? Object.keys(all).sort()).filter(
        (name) => all[name] !== undefined && !(excludeEmpty && all[name] === ""),
      );
      const names = select(
        candidates,
        config,
        caseSensitive,
        options.regexTimeLimitMs ?? REGEX_TIME_LIMIT_MS,
      );
      for (const name of names) {
        const value = all[name]!;
        const key = change(name, config.transform_keys);
        const shown = change(value, config.transform_values);
        if (Object.hasOwn(selected, key) && selected[key] !== shown) {
          throw new DataSourceError(
            `Two variables become "${key}" with transform_keys = "${config.transform_keys}"`,
            {
              detail:
                "Their values differ, so one would hide the other. Select fewer variables, or leave transform_keys unset.",
              path: [{ attribute: "transform_keys" }],
            },
          );
        }
        selected[key] = shown;
        if (sensitiveNames.has(name) || sensitiveNames.has(key)) sensitive[key] = shown;
        else values[key] = shown;
      }
      return {
        ...config,
        exclude_empty: excludeEmpty,
        case_sensitive: caseSensitive,
        values,
        sensitive_values: sensitive,
        all_values: selected,
        all_environment: all,
      };
    },
  });
}

/**
 * The names `config` selects. A regular expression is matched under a time limit: JavaScript's
 * engine backtracks, so a pattern such as `(A+)+$` takes time exponential in a name's length
 * (a 40-character name: hours), where Go's regexp, which Terraform's own functions use, takes
 * linear time. Node's `vm` timeout stops synchronous code from a watchdog thread and lets the
 * process go on, so a pattern that runs away ends in an error naming it, not in a frozen
 * provider.
 */
function select(
  names: readonly string[],
  config: { readonly prefix: string | null; readonly regex: string | null },
  caseSensitive: boolean,
  regexTimeLimitMs: number,
): readonly string[] {
  if (config.prefix !== null) {
    const prefix = caseSensitive ? config.prefix : config.prefix.toLowerCase();
    return names.filter((name) => (caseSensitive ? name : name.toLowerCase()).startsWith(prefix));
  }
  if (config.regex === null) return names;
  // Sticky: the match must start at the name's first character, as prefix does.
  const re = new RegExp(config.regex, caseSensitive ? "uy" : "uiy");
  const matches = (name: string) => {
    re.lastIndex = 0;
    return re.test(name);
  };
  try {
    return runInNewContext(
      "names.filter(matches)",
      { names, matches },
      { timeout: regexTimeLimitMs },
    ) as string[];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw err;
    throw new DataSourceError(`regex took longer than ${regexTimeLimitMs / 1000} s to match variable names`, {
      detail:
        `The regular expression ${JSON.stringify(config.regex)} was stopped after ${regexTimeLimitMs / 1000} s on ${names.length} names: ` +
        "JavaScript's engine backtracks, and nested repetition such as (A+)+ can take time exponential in a name's length. " +
        "Rewrite it without repetition inside repetition, or select by prefix or keys.",
      path: [{ attribute: "regex" }],
    });
  }
}

function change(text: string, how: string | null): string {
  return how === "upper" ? text.toUpperCase() : how === "lower" ? text.toLowerCase() : text;
}
