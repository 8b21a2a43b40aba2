// Which plugin protocol versions a built provider serves, asked of the provider itself: the
// registry manifest must list what the binary answers to, not what we believe it does. For
// each candidate version the provider is started as a host would start it, offered only that
// version; it either answers the go-plugin handshake line (`1|6|unix|...`) or exits.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CliError } from "../cli/command.js";

/** The versions Terraform and OpenTofu speak: 5 (tfplugin5) and 6 (tfplugin6). */
const CANDIDATES = [5, 6] as const;
const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const HANDSHAKE_TIMEOUT_MS = 30_000;

/** The protocol versions, as the manifest spells them ("6.0"), that `executable` (built for this machine) serves. */
export async function servedProtocolVersions(
  executable: string,
  options: { readonly env?: NodeJS.ProcessEnv; readonly signal?: AbortSignal } = {},
): Promise<string[]> {
  // The plugin puts its socket in TMPDIR; a directory of our own leaves nothing behind.
  const socketDir = await mkdtemp(join(tmpdir(), "tsvider-probe-"));
  try {
    const answers = await Promise.all(
      CANDIDATES.map((version) => offerVersion(executable, version, socketDir, options)),
    );
    const served = CANDIDATES.filter((_, i) => answers[i] === true);
    if (served.length === 0) {
      const detail = answers.find((a): a is string => typeof a === "string") ?? "";
      throw new CliError(
        `the built provider ${executable} did not answer the plugin handshake for protocol 5 or 6${detail === "" ? "" : ` (${detail})`}: check that its entry point calls serve(provider)`,
      );
    }
    return served.map((v) => `${v}.0`);
  } finally {
    await rm(socketDir, { recursive: true, force: true });
  }
}

/** true when the plugin answered with `version`; otherwise what it said on stderr. */
function offerVersion(
  executable: string,
  version: number,
  socketDir: string,
  options: { readonly env?: NodeJS.ProcessEnv; readonly signal?: AbortSignal },
): Promise<true | string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [], {
      env: {
        ...(options.env ?? process.env),
        [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: String(version),
        TMPDIR: socketDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    let stdout = "";
    let stderr = "";
    let settled = false;
    const finish = (answer: true | string | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const timer = setTimeout(
      () => finish(`no handshake within ${HANDSHAKE_TIMEOUT_MS / 1000} s`),
      HANDSHAKE_TIMEOUT_MS,
    );
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      const fields = stdout.slice(0, newline).split("|");
      finish(
        fields[0] === "1" && fields[1] === String(version)
          ? true
          : `it answered "${stdout.slice(0, newline)}"`,
      );
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error) => {
      if (options.signal?.aborted) finish(error);
      else
        finish(
          new CliError(`could not start the built provider ${executable} (${error.message})`, {
            cause: error,
          }),
        );
    });
    child.on("close", () => finish(stderr.trim().split("\n").pop() ?? ""));
  });
}
