// The real `tofu fmt` and `terraform fmt` in tests: a batch of files written to a temporary
// directory, one `fmt -recursive` over it, and each file read back with the errors the command
// reported for it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The binaries to compare with: tofu from TSVIDER_TOFU, terraform from TSVIDER_TERRAFORM. */
export const fmtBinaries: readonly { readonly name: string; readonly path: string | undefined }[] = [
  { name: "tofu", path: process.env.TSVIDER_TOFU || undefined },
  { name: "terraform", path: process.env.TSVIDER_TERRAFORM || undefined },
];

/** What the command did to one file. */
export interface FmtOutcome {
  /** The file's bytes afterwards (unchanged where the command refused it). */
  readonly after: Uint8Array;
  /** The errors reported for the file: summary and line, in order. */
  readonly errors: readonly string[];
}

/** Runs `<binary> fmt -recursive` once over the files (names relative, ending in .tf). */
export function runFmt(binary: string, files: ReadonlyMap<string, Uint8Array>): Map<string, FmtOutcome> {
  const dir = mkdtempSync(join(tmpdir(), "tsvider-fmt-"));
  try {
    for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
    const run = spawnSync(binary, ["fmt", "-recursive", "."], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1", NO_COLOR: "1" },
    });
    if (run.error) throw run.error;
    // 0: all formatted; 2: some files refused (their errors are on stderr).
    if (run.status !== 0 && run.status !== 2) {
      throw new Error(`${binary} fmt exited ${run.status}: ${run.stderr}`);
    }
    const errors = new Map<string, string[]>();
    // "Error: <summary>" then, a blank line later, "on <file> line <n>:" (boxes and colours aside).
    const plain = run.stderr
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
      .replace(/^[│╷╵] ?/gmu, "");
    for (const m of plain.matchAll(/^Error: (.*)\n\n {2}on (\S+) line (\d+)/gm)) {
      const list = errors.get(m[2]!) ?? [];
      list.push(`${m[1]} (line ${m[3]})`);
      errors.set(m[2]!, list);
    }
    const out = new Map<string, FmtOutcome>();
    for (const name of files.keys()) {
      out.set(name, { after: readFileSync(join(dir, name)), errors: errors.get(name) ?? [] });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
