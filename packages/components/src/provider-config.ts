/**
 * Provider settings the components read: the HTTP API settings (`apiProviderSchema`,
 * `apiSettings`), pyvider's lens settings and the test mode attribute, to spread into a provider's
 * schema.
 *
 * @packageDocumentation
 */
// Provider settings components read. The settings of a provider that talks to an HTTP API: an
// endpoint, a token, a timeout, a retry count, TLS verification and headers sent with every
// request. Any provider can spread `apiProviderSchema` into its own schema and return
// `apiSettings(config)` from `configure`; components such as the http_api data source and the
// provider_config_reader then find the settings in `providerData`. Also the settings pyvider's
// provider block has besides those, so a block written for pyvider is accepted: the lens
// settings (`lensProviderSchema`, `lensSettings`: whether the jq data source may run) and test
// mode (`testModeProviderSchema`, `checkTestModeSetting`).
import {
  attr,
  type Config,
  type Decimal,
  type Diagnostics,
  inTestMode,
  t,
  testModeVariable,
  type ValidatorFunction,
  validate,
} from "@tsvider/framework";

/** The defaults `apiSettings` applies to attributes the provider block leaves out. */
export const apiDefaults = Object.freeze({ timeoutSeconds: 30, retries: 3, insecureSkipVerify: false });

// A header name is an HTTP token (RFC 9110, section 5.6.2); a value holds no line breaks, which
// would otherwise let configuration smuggle a second header into the request.
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerValue = /^[^\r\n\0]*$/;

/** Problems with a map of HTTP headers, one message per bad entry. */
export function headerProblems(headers: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!headerName.test(name))
      problems.push(`"${name}" is not a valid header name: use letters, digits and - (no spaces or colons)`);
    if (!headerValue.test(value)) problems.push(`the value of header "${name}" holds a line break or NUL`);
  }
  return problems;
}

const validHeaders: ValidatorFunction<Record<string, string>> = (headers) => {
  const problems = headerProblems(headers);
  return problems.length === 0 ? undefined : problems.join("; ");
};

const validEndpoint: ValidatorFunction<string> = (value) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a URL: give an absolute http:// or https:// address, such as https://api.example.com/v1`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `"${value}" uses ${url.protocol.slice(0, -1)}: only http:// and https:// endpoints are supported`;
  if (url.username !== "" || url.password !== "")
    return "the endpoint holds a user name or password: put credentials in api_token instead, which is sensitive";
  if (url.search !== "" || url.hash !== "")
    return "the endpoint has a query or fragment: give the base address only; paths are appended to it";
  return undefined;
};

const positiveSeconds: ValidatorFunction<number | bigint | Decimal> = (value) =>
  toNumber(value) > 0 ? undefined : `must be more than 0 seconds; it is ${String(value)}`;

/** The provider attributes, to spread into a provider's `schema`. */
export const apiProviderSchema = {
  api_endpoint: attr.string({
    optional: true,
    description:
      "Base URL of the API, `http://` or `https://`, without credentials, a query or a fragment (refused during validation). A `tsvider_http_api` `url` without a scheme is a path appended to it. Trailing slashes are dropped.",
    validators: [validEndpoint],
  }),
  api_token: attr.string({
    optional: true,
    sensitive: true,
    description: "Sent as `Authorization: Bearer <token>` with API requests.",
  }),
  api_timeout: attr.number({
    optional: true,
    description: `Seconds each API request attempt may take; more than 0. Default ${apiDefaults.timeoutSeconds}.`,
    validators: [positiveSeconds],
  }),
  api_retries: attr.int64({
    optional: true,
    description: `How many times a request that failed to connect, timed out, or got a 429 or 5xx answer (but 501) is tried again; 0 or more. Default ${apiDefaults.retries}.`,
    validators: [validate.atLeast(0)],
  }),
  api_insecure_skip_verify: attr.bool({
    optional: true,
    description: "Accept any TLS certificate, for test servers with self-signed ones. Default false.",
  }),
  api_headers: attr.map(t.string, {
    optional: true,
    description:
      "Headers sent with every API request; a request's own headers win. Names must be valid HTTP header names, values hold no line breaks.",
    validators: [validHeaders],
  }),
};

/** What the provider block set, as `configure` receives it. */
export type ApiProviderConfig = Config<typeof apiProviderSchema>;

const brand = Symbol.for("@tsvider/components/api-settings");

/** The provider's API settings, defaults applied: the provider data API components read. */
export interface ApiSettings {
  /** Base URL without a trailing slash, or null. */
  readonly endpoint: string | null;
  readonly token: string | null;
  readonly timeoutSeconds: number;
  readonly retries: number;
  readonly insecureSkipVerify: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly [brand]: true;
}

/** Turns the provider block's values into settings, with the defaults for what it left out. */
export function apiSettings(config: ApiProviderConfig): ApiSettings {
  return Object.freeze({
    endpoint: config.api_endpoint === null ? null : config.api_endpoint.replace(/\/+$/, ""),
    token: config.api_token,
    timeoutSeconds: config.api_timeout === null ? apiDefaults.timeoutSeconds : toNumber(config.api_timeout),
    retries: config.api_retries === null ? apiDefaults.retries : Number(config.api_retries),
    insecureSkipVerify: config.api_insecure_skip_verify ?? apiDefaults.insecureSkipVerify,
    headers: Object.freeze({ ...(config.api_headers ?? {}) }),
    [brand]: true as const,
  });
}

/**
 * The settings in a provider's data: `providerData` itself when `apiSettings` made it, else
 * null (a provider that never configured them). A provider whose data holds the settings
 * elsewhere gives the API components a `settings` option instead.
 */
export function apiSettingsOf(providerData: unknown): ApiSettings | null {
  return typeof providerData === "object" && providerData !== null && brand in providerData
    ? (providerData as ApiSettings)
    : null;
}

/** A cty number as a JS number (seconds, counts: no precision worth keeping is lost). */
export function toNumber(value: number | bigint | Decimal): number {
  return typeof value === "number" ? value : Number(value.toString());
}

/**
 * The test-mode attribute, to spread into a provider's `schema`: pyvider's `pyvider_testmode`
 * under our prefix. It cannot turn test mode on: Terraform reads the provider's schema, which
 * lists the test-only components, before it evaluates the provider block, so the process's
 * environment (TSVIDER_TESTMODE) decides, as PYVIDER_TESTMODE wins over the setting in pyvider.
 * What it does is say what the configuration expects, so `checkTestModeSetting` can warn when
 * the environment disagrees.
 */
export const testModeProviderSchema = {
  tsvider_testmode: attr.bool({
    optional: true,
    description: `Whether this configuration expects the provider's test-only components. Test mode itself is on when the provider runs with \`${testModeVariable}=true\` in its environment: Terraform reads the list of components before it reads this block, so the block cannot change it. When the two disagree, the provider warns at this setting, saying how to set the variable. Pyvider's \`pyvider_testmode\`.`,
  }),
};

/**
 * A warning, at `tsvider_testmode`, when the setting and the process's test mode (`env`'s
 * TSVIDER_TESTMODE) disagree; for a provider's `validateConfig`. A null or unknown setting
 * says nothing.
 */
export function checkTestModeSetting(
  setting: unknown,
  diagnostics: Diagnostics,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (typeof setting !== "boolean") return;
  const on = inTestMode(env);
  if (setting === on) return;
  const path = [{ attribute: "tsvider_testmode" }];
  if (setting) {
    diagnostics.addWarning(
      "tsvider_testmode is true, but the provider is not in test mode",
      `Test-only components are served only when the provider process runs with ${testModeVariable}=true in its environment: Terraform reads the provider's components before this block, so the block cannot turn them on. Set ${testModeVariable}=true in the environment terraform or tofu runs in (export ${testModeVariable}=true), or remove tsvider_testmode.`,
      path,
    );
  } else {
    diagnostics.addWarning(
      "tsvider_testmode is false, but the provider is in test mode",
      `The provider process runs with ${testModeVariable}=true in its environment, so its test-only components are served whatever this block says. Unset ${testModeVariable} to leave them out, or remove tsvider_testmode.`,
      path,
    );
  }
}

/** The lens attributes (pyvider's names), to spread into a provider's `schema`. */
export const lensProviderSchema = {
  lens_enabled: attr.bool({
    optional: true,
    description:
      "Whether the `tsvider_lens_jq` data source may run; default true. When false, reading it fails with an error naming this setting. The `lens_jq` function is not affected: Terraform and OpenTofu call provider functions without the provider's configuration.",
  }),
  lens_jq_path: attr.string({
    optional: true,
    description:
      "Accepted so a provider block written for pyvider works, and not used: this provider runs jq 1.8 inside itself (as WebAssembly), so it needs no jq executable. Setting it gives a warning saying so.",
  }),
};

/** What the provider block set, as `configure` receives it. */
export type LensProviderConfig = Config<typeof lensProviderSchema>;

const lensBrand = Symbol.for("@tsvider/components/lens-settings");

/** The lens settings, defaults applied: the provider data the jq data source reads. */
export interface LensSettings {
  /** Whether the jq data source may run; true unless the block says false. */
  readonly lensEnabled: boolean;
  readonly [lensBrand]: true;
}

/** Turns the provider block's lens values into settings. */
export function lensSettings(config: LensProviderConfig): LensSettings {
  return Object.freeze({ lensEnabled: config.lens_enabled ?? true, [lensBrand]: true as const });
}

/**
 * The lens settings in a provider's data (made by `lensSettings`, alone or spread into one
 * object with other settings), or null.
 */
export function lensSettingsOf(providerData: unknown): LensSettings | null {
  return typeof providerData === "object" && providerData !== null && lensBrand in providerData
    ? (providerData as LensSettings)
    : null;
}

/** A warning at `lens_jq_path` when it is set, saying it is not used; for `validateConfig`. */
export function checkLensSettings(
  config: { readonly lens_jq_path: unknown },
  diagnostics: Diagnostics,
): void {
  if (typeof config.lens_jq_path !== "string") return;
  diagnostics.addWarning(
    "lens_jq_path is not used",
    "This provider runs jq 1.8 inside itself (compiled to WebAssembly), so it never starts a jq executable and needs none installed. Remove lens_jq_path from the provider block.",
    [{ attribute: "lens_jq_path" }],
  );
}
