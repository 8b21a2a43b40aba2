// Reading .terraform.lock.hcl: the provider blocks and their hashes.

/** A provider block of `.terraform.lock.hcl`: its address, version and hashes. */
export interface LockedProvider {
  readonly address: string;
  readonly version: string;
  readonly hashes: readonly string[];
}

/**
 * Parses the lock files tofu and terraform write (a fixed, generated shape: one provider block
 * per provider with version, optional constraints, and a hashes list).
 */
export function parseLockFile(text: string): LockedProvider[] {
  const providers: LockedProvider[] = [];
  const block = /provider\s+"([^"]+)"\s*\{([\s\S]*?)\n\}/g;
  for (const match of text.matchAll(block)) {
    const body = match[2]!;
    const version = /\bversion\s*=\s*"([^"]*)"/.exec(body)?.[1] ?? "";
    const hashesBody = /\bhashes\s*=\s*\[([\s\S]*?)\]/.exec(body)?.[1] ?? "";
    const hashes = [...hashesBody.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    providers.push({ address: match[1]!, version, hashes });
  }
  return providers;
}
