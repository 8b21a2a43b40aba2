// What several reliability scenarios share: whether a process still runs, and a seeded random
// source, so that the bytes a scenario throws at the provider are the same on every run and
// a failure can be replayed.
import { readFileSync } from "node:fs";

/**
 * Whether the process `pid` still runs: it exists (signal 0 tests for it without sending
 * anything) and, where Linux's /proc tells, is not a zombie. A process that has exited stays a
 * zombie until its parent collects it, and the parent of an orphan (a provider whose host was
 * killed) is whichever process adopts it, which may take its time: a zombie runs no code.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return true; // No /proc (not Linux), or it went between the two looks.
  }
  // The state is the field after the command's name, which is in parentheses and may hold any.
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state !== "Z" && state !== "X";
}

/** A deterministic 32-bit PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
