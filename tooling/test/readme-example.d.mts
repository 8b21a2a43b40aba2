import type { ChildProcess } from "node:child_process";

export function writeReadmeExample(packageDir: string, index?: number): Promise<string>;
export function runModule(
  file: string,
  args?: string[],
  env?: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }>;
export function startPlugin(
  file: string,
  env?: NodeJS.ProcessEnv,
): Promise<{
  line: string;
  network: string;
  address: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}>;
