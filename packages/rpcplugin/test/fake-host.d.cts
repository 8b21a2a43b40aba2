import type { ChildProcess } from "node:child_process";

export function processEnded(pid: number): boolean;
export function startFakeHost(
  command: string,
  args?: readonly string[],
): Promise<{ host: ChildProcess; pluginPid: number }>;
