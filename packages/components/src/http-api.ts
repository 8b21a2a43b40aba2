/**
 * The `tsvider_http_api` data source: an HTTP(S) request made when Terraform reads it, with the
 * provider's API settings applied.
 *
 * @packageDocumentation
 */
// An HTTP(S) request made when Terraform reads the data source: its status, headers, body and
// timing become attributes. The provider's API settings (provider-config.ts) supply the base
// address, the token and default headers, the timeout, the retries and TLS verification.
// The results are computed only, as in Terraform's own http data source (hashicorp/http), where
// pyvider also lets config set them: a configured value would have to come back unchanged, so
// the attribute could no longer report the answer. error_message is set for a status of 400 or
// more, as pyvider's documented example expects (`has_error = error_message != null` for its
// 404, 500 and 401 requests); pyvider's own code leaves it null there.
import type { IncomingMessage } from "node:http";
import { attr, DataSourceError, defineDataSource, t, type ValidatorFunction } from "@tsvider/framework";
import { type ApiSettings, apiDefaults, apiSettingsOf, headerProblems, toNumber } from "./provider-config.js";

/** The methods the data source's `method` attribute accepts (in any case); `GET` when unset. */
export const httpMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** Longest answer kept: the body lands in Terraform's state, which is not meant for bulk data. */
export const maxResponseBytes = 10 * 1024 * 1024;
const maxTimeoutSeconds = 300;

const validUrl: ValidatorFunction<string> = (value) => {
  if (value.trim() === "")
    return "must not be empty: give an http(s) URL, or a path under the provider's api_endpoint";
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return undefined; // a path under api_endpoint, resolved when read
  if (scheme !== "http" && scheme !== "https")
    return `"${value}" uses ${scheme}: only http:// and https:// URLs are supported`;
  try {
    new URL(value);
  } catch {
    return `"${value}" is not a valid URL`;
  }
  return undefined;
};

const validHeaders: ValidatorFunction<Record<string, string>> = (headers) => {
  const problems = headerProblems(headers);
  return problems.length === 0 ? undefined : problems.join("; ");
};

const schema = {
  url: attr.string({
    required: true,
    description:
      'The address to request: an `http://` or `https://` URL, or a path appended to the provider\'s `api_endpoint` (`"items/1"` and `"/items/1"` both give `<api_endpoint>/items/1`). Other schemes are refused during validation.',
    validators: [validUrl],
  }),
  // Optional and computed, so that state shows the method sent, "GET", when config sets none
  // (pyvider reports "GET" there too); a configured method is kept as written.
  method: attr.string({
    optional: true,
    computed: true,
    description:
      "`GET` (the default, and the value in state when not set), `HEAD`, `POST`, `PUT`, `PATCH`, `DELETE` or `OPTIONS`, in any case.",
    validators: [
      (m: string) =>
        (httpMethods as readonly string[]).includes(m.toUpperCase())
          ? undefined
          : `"${m}" is not a method this data source sends; use one of ${httpMethods.join(", ")}`,
    ],
  }),
  headers: attr.map(t.string, {
    optional: true,
    description:
      "Request headers. They win over the provider's `api_headers` and over the `Authorization` header its token makes. Names must be valid HTTP header names and values hold no line breaks.",
    validators: [validHeaders],
  }),
  body: attr.string({
    optional: true,
    description: "The request body, sent as UTF-8 with its `Content-Length`.",
  }),
  timeout: attr.number({
    optional: true,
    description: `Seconds each attempt may take, more than 0 and at most ${maxTimeoutSeconds}. Default: the provider's \`api_timeout\` (${apiDefaults.timeoutSeconds}).`,
    validators: [
      (n) => {
        const s = toNumber(n);
        return s > 0 && s <= maxTimeoutSeconds
          ? undefined
          : `must be more than 0 and at most ${maxTimeoutSeconds} seconds; it is ${String(n)}`;
      },
    ],
  }),
  status_code: attr.int64({ computed: true, description: "The answer's HTTP status code." }),
  response_body: attr.string({
    computed: true,
    description: "The answer's body, read as UTF-8 (at most 10 MiB).",
  }),
  response_time_ms: attr.int64({
    computed: true,
    description: "Milliseconds from sending the request to the end of the answer, for the last attempt.",
  }),
  response_headers: attr.map(t.string, {
    computed: true,
    description:
      "The answer's headers, names in lower case; a repeated header's values joined with `\", \"`.",
  }),
  header_count: attr.int64({ computed: true, description: "How many headers the answer had." }),
  content_type: attr.string({ computed: true, description: "The answer's `Content-Type`, or null." }),
  error_message: attr.string({
    computed: true,
    description:
      'For a status of 400 or more, the status and its reason (`"HTTP 404 Not Found"`); null otherwise.',
  }),
};

/**
 * Options of `httpApiDataSource`: the type name, and where the API settings are in the
 * provider's data.
 */
export interface HttpApiOptions {
  /** Defaults to `tsvider_http_api`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /**
   * Where the API settings are in the provider's data. By default `providerData` itself when
   * `apiSettings` made it, else none (the request then uses the defaults).
   */
  readonly settings?: (providerData: unknown) => ApiSettings | null;
}

/**
 * A data source that sends an HTTP(S) request when read and gives the answer's status, headers,
 * body (at most 10 MiB) and timing (`tsvider_http_api` unless `options.typeName` says otherwise).
 * A path in `url` is requested under the provider's `api_endpoint`; the provider's token and
 * default headers (`apiSettings`, provider-config.ts) are sent only to that endpoint's origin
 * when one is set, and its timeout and retry count apply. Return `apiSettings(config)` from the
 * provider's `configure`, or pass `options.settings` when the settings are elsewhere in its data.
 */
export function httpApiDataSource(options: HttpApiOptions = {}) {
  const settingsOf = options.settings ?? apiSettingsOf;
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_http_api",
    description:
      "Makes an HTTP(S) request when read and gives the answer's status, headers, body and timing.",
    schema,
    async read({ config, providerData, signal, log }) {
      const settings = settingsOf(providerData);
      const url = resolveUrl(config.url, settings);
      const method = (config.method ?? "GET").toUpperCase();
      const headers = requestHeaders(url, config.headers ?? {}, settings);
      const timeoutSeconds =
        config.timeout === null
          ? (settings?.timeoutSeconds ?? apiDefaults.timeoutSeconds)
          : toNumber(config.timeout);
      const retries = settings?.retries ?? apiDefaults.retries;
      const outcome = await sendWithRetries(
        {
          url,
          method,
          headers,
          body: config.body,
          timeoutMs: timeoutSeconds * 1000,
          insecure: settings?.insecureSkipVerify ?? apiDefaults.insecureSkipVerify,
          signal,
        },
        retries,
        (attempt, why) => log.debug("retrying HTTP request", { url: url.href, attempt, why }),
      );
      if (outcome.kind === "failed") throw failure(outcome, config, timeoutSeconds);
      const { response } = outcome;
      return {
        ...config,
        method: config.method ?? "GET",
        status_code: response.status,
        response_body: response.body,
        response_time_ms: response.elapsedMs,
        response_headers: response.headers,
        header_count: Object.keys(response.headers).length,
        content_type: response.headers["content-type"] ?? null,
        error_message:
          response.status >= 400 ? `HTTP ${response.status} ${response.statusText}`.trimEnd() : null,
      };
    },
  });
}

/** An absolute URL as it is; a path under the provider's endpoint. */
function resolveUrl(value: string, settings: ApiSettings | null): URL {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return new URL(value);
  if (settings?.endpoint == null) {
    throw new DataSourceError(`url "${value}" is not an absolute URL`, {
      detail:
        "Give an http:// or https:// URL, or set api_endpoint in the provider block so that a path is requested under it.",
      path: [{ attribute: "url" }],
    });
  }
  return new URL(`${settings.endpoint}/${value.replace(/^\/+/, "")}`);
}

/**
 * The provider's token and default headers go only to its own endpoint when it names one, so a
 * data source pointed at another host cannot carry the credentials there; the request's own
 * headers win over both.
 */
function requestHeaders(
  url: URL,
  own: Readonly<Record<string, string>>,
  settings: ApiSettings | null,
): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  const put = (name: string, value: string) => merged.set(name.toLowerCase(), [name, value]);
  const toEndpoint =
    settings !== null && (settings.endpoint === null || new URL(settings.endpoint).origin === url.origin);
  if (settings !== null && toEndpoint) {
    for (const [name, value] of Object.entries(settings.headers)) put(name, value);
    if (settings.token !== null) put("Authorization", `Bearer ${settings.token}`);
  }
  for (const [name, value] of Object.entries(own)) put(name, value);
  return Object.fromEntries(merged.values());
}

interface HttpRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
  readonly timeoutMs: number;
  readonly insecure: boolean;
  readonly signal: AbortSignal;
}

interface HttpResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly elapsedMs: number;
}

type Outcome =
  | { readonly kind: "answered"; readonly response: HttpResponse }
  | { readonly kind: "failed"; readonly error: RequestFailure; readonly attempts: number };

class RequestFailure extends Error {
  constructor(
    message: string,
    readonly reason: "timeout" | "connect" | "tls" | "too-large" | "aborted" | "other",
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** Retried: failures to connect, timeouts, 429 and 5xx but 501 (as Go's retryablehttp decides). */
function worthRetrying(outcome: Outcome): boolean {
  if (outcome.kind === "failed")
    return outcome.error.reason === "timeout" || outcome.error.reason === "connect";
  const s = outcome.response.status;
  return s === 429 || (s >= 500 && s !== 501);
}

async function sendWithRetries(
  req: HttpRequest,
  retries: number,
  onRetry: (attempt: number, why: string) => void,
): Promise<Outcome> {
  let attempt = 0;
  for (;;) {
    attempt++;
    let outcome: Outcome;
    try {
      outcome = { kind: "answered", response: await sendOnce(req) };
    } catch (err) {
      outcome = { kind: "failed", error: asFailure(err), attempts: attempt };
    }
    if (attempt > retries || !worthRetrying(outcome) || req.signal.aborted) return outcome;
    onRetry(
      attempt + 1,
      outcome.kind === "failed" ? outcome.error.message : `status ${outcome.response.status}`,
    );
    // Exponential backoff from 100 ms, at most 2 s between attempts.
    await sleep(Math.min(100 * 2 ** (attempt - 1), 2000), req.signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

const connectCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

function asFailure(err: unknown): RequestFailure {
  if (err instanceof RequestFailure) return err;
  const e = err as NodeJS.ErrnoException;
  const code = e.code;
  if (code !== undefined && connectCodes.has(code)) return new RequestFailure(e.message, "connect", code);
  if (code !== undefined && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/i.test(code))
    return new RequestFailure(e.message, "tls", code);
  if (e.name === "AbortError") return new RequestFailure("the request was cancelled", "aborted", code);
  return new RequestFailure(e.message ?? String(err), "other", code);
}

function sendOnce(req: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Loaded on the first request rather than with the provider: https brings tls, and every
    // start of a provider that never calls an API would pay for compiling them.
    const send =
      req.url.protocol === "https:"
        ? process.getBuiltinModule("node:https").request
        : process.getBuiltinModule("node:http").request;
    const body = req.body === null ? undefined : Buffer.from(req.body, "utf8");
    const headers: Record<string, string> = { ...req.headers };
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length"))
      headers["Content-Length"] = String(body.length);
    const request = send(req.url, {
      method: req.method,
      headers,
      signal: req.signal,
      ...(req.url.protocol === "https:" ? { rejectUnauthorized: !req.insecure } : {}),
    });
    // One timer for the whole attempt (connect, send, answer), not only for idle sockets.
    const timer = setTimeout(
      () =>
        request.destroy(
          new RequestFailure(`no complete answer within ${req.timeoutMs / 1000} s`, "timeout", undefined),
        ),
      req.timeoutMs,
    );
    const fail = (err: unknown) => {
      clearTimeout(timer);
      reject(err);
    };
    request.on("error", fail);
    request.on("response", (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxResponseBytes) {
          request.destroy(
            new RequestFailure(`the answer is larger than ${maxResponseBytes} bytes`, "too-large", undefined),
          );
          return;
        }
        chunks.push(chunk);
      });
      res.on("error", fail);
      res.on("end", () => {
        clearTimeout(timer);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          headers,
          body: Buffer.concat(chunks).toString("utf8"),
          elapsedMs: Math.round(performance.now() - started),
        });
      });
    });
    request.end(body);
  });
}

function failure(
  outcome: Extract<Outcome, { kind: "failed" }>,
  config: { readonly url: string; readonly timeout: unknown },
  timeoutSeconds: number,
): DataSourceError {
  const { error, attempts } = outcome;
  const tries = attempts === 1 ? "" : ` (${attempts} attempts)`;
  const where = `"${config.url}"`;
  switch (error.reason) {
    case "timeout":
      return new DataSourceError(`HTTP request to ${where} timed out after ${timeoutSeconds} s${tries}`, {
        detail:
          config.timeout === null
            ? "The server did not answer in time. Raise the provider's api_timeout or this data source's timeout, or check the server."
            : "The server did not answer in time. Raise timeout, or check the server.",
        path: [{ attribute: config.timeout === null ? "url" : "timeout" }],
      });
    case "connect":
      return new DataSourceError(`HTTP request to ${where} could not connect${tries}`, {
        detail: `${error.message}. Check that the server runs and that the host and port are right.`,
        path: [{ attribute: "url" }],
      });
    case "tls":
      return new DataSourceError(`HTTP request to ${where} failed: the TLS certificate was not accepted`, {
        detail: `${error.message}. Use a certificate the system trusts; for a test server only, set api_insecure_skip_verify = true in the provider block.`,
        path: [{ attribute: "url" }],
      });
    case "too-large":
      return new DataSourceError(`HTTP answer from ${where} is too large`, {
        detail: `The body is larger than ${maxResponseBytes} bytes, more than belongs in Terraform's state.`,
        path: [{ attribute: "url" }],
      });
    default:
      return new DataSourceError(`HTTP request to ${where} failed${tries}`, {
        detail: error.message,
        path: [{ attribute: "url" }],
      });
  }
}
