// The CPU time and peak memory of the provider processes OpenTofu starts during a command, as
// the kernel accounted them: every provider runs under the measuring launcher of
// ../provider-usage (a small Go program, built here with the machine's Go), which starts the
// real provider, waits for it and appends the process's rusage to a file.
//
// The launcher is what the filesystem mirror holds for a measured provider, with the provider's
// own bytes appended after it (an ELF executable runs the same with data behind it): OpenTofu
// hashes the whole executable against the lock file at every command, and so hashes as many
// bytes as for the provider alone, which for a 130 MB single executable is a tenth of a second.
import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const source = fileURLToPath(new URL("../provider-usage/", import.meta.url));

/** Builds the launcher into `dir` and returns its path. */
export async function buildUsageLauncher(dir: string): Promise<string> {
  const out = join(dir, "provider-usage");
  await promisify(execFile)("go", ["build", "-trimpath", "-o", out, "."], {
    cwd: source,
    env: { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly", CGO_ENABLED: "0" },
  }).catch((error: unknown) => {
    throw new Error(
      `cannot build the measuring launcher (apps/bench/provider-usage) with Go, which the bench needs on PATH: ${(error as { stderr?: string }).stderr ?? error}`,
    );
  });
  return out;
}

/** Writes the launcher followed by `executable`'s bytes to `out`, the file the mirror installs. */
export async function measuredExecutable(launcher: string, executable: string, out: string): Promise<string> {
  await writeFile(out, Buffer.concat([await readFile(launcher), await readFile(executable)]), {
    mode: 0o755,
  });
  return out;
}

export interface ProviderUsage {
  /** Provider processes that ended. */
  readonly processes: number;
  /** Their CPU time, user and system, summed. */
  readonly cpuMs: number;
  /** The largest peak resident set size of any one of them. */
  readonly peakKiB: number;
}

/** The usage file of one working directory. */
export class UsageLog {
  constructor(readonly file: string) {}

  /** The variables for a Workdir whose provider, `executable`, runs under the launcher. */
  env(executable: string): NodeJS.ProcessEnv {
    return { TSVIDER_BENCH_PROVIDER: executable, TSVIDER_BENCH_USAGE_FILE: this.file };
  }

  /** What the processes that ended since the last call used; empties the file. */
  async take(): Promise<ProviderUsage> {
    const text = await readFile(this.file, "utf8").catch(() => "");
    await rm(this.file, { force: true });
    const lines = text
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { cpuMs: number; maxRssKiB: number });
    return {
      processes: lines.length,
      cpuMs: lines.reduce((sum, l) => sum + l.cpuMs, 0),
      peakKiB: Math.max(0, ...lines.map((l) => l.maxRssKiB)),
    };
  }
}
