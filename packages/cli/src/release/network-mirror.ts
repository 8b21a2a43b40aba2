// The provider network mirror protocol's two documents for one provider: `index.json` (the
// versions) and `VERSION.json` (per platform, the archive's URL and its hashes). They sit in
// `HOST/NAMESPACE/TYPE/` beside the zips of the packed filesystem-mirror layout, which tofu and
// terraform's filesystem search ignore (they only look at `terraform-provider-*.zip` there), so one
// tree serves `network_mirror` (over HTTPS) and `filesystem_mirror` / `providers lock -fs-mirror`
// alike. URLs are relative to the VERSION.json document, so the tree can be served from anywhere.

export interface MirrorArchive {
  readonly platform: string;
  /** The zip's file name, in the same directory as VERSION.json. */
  readonly fileName: string;
  /** `h1:...` (what init records from a local install) and `zh:...` (the zip's SHA-256). */
  readonly hashes: readonly string[];
}

export function mirrorIndexDocument(version: string): string {
  return `${JSON.stringify({ versions: { [version]: {} } }, null, 2)}\n`;
}

export function mirrorVersionDocument(archives: readonly MirrorArchive[]): string {
  const byPlatform: Record<string, { url: string; hashes: readonly string[] }> = {};
  for (const archive of [...archives].sort((a, b) => a.platform.localeCompare(b.platform))) {
    byPlatform[archive.platform] = { url: archive.fileName, hashes: archive.hashes };
  }
  return `${JSON.stringify({ archives: byPlatform }, null, 2)}\n`;
}
