// One timed start of a process, for the start-up benches: milliseconds from spawn to the
// plugin handshake line (then the process is stopped), or to its exit when no handshake is
// expected. Resolved only once the process is gone, so runs never overlap.
import { spawn } from "node:child_process";

export interface TimedStart {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Time to the go-plugin handshake line rather than to exit. */
  readonly handshake: boolean;
  /** Drop the process's stderr (a provider's start-up log) instead of passing it on. */
  readonly quiet?: boolean;
}

export function timeStart(run: TimedStart): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(run.command, run.args, {
      env: run.env,
      stdio: ["ignore", "pipe", run.quiet ? "ignore" : "inherit"],
    });
    const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
    let handshakeMs: number | undefined;
    if (run.handshake) {
      child.stdout.once("data", (chunk: Buffer) => {
        handshakeMs = elapsed();
        if (!chunk.toString().startsWith("1|6|")) reject(new Error(`not a handshake: ${chunk}`));
        child.kill("SIGTERM");
      });
    }
    child.on("error", reject);
    child.on("close", (code) => {
      if (handshakeMs !== undefined) resolve(handshakeMs);
      else if (run.handshake || code !== 0) reject(new Error(`${run.name} exited with ${code}`));
      else resolve(elapsed());
    });
  });
}
