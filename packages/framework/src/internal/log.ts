// A minimal stderr logger until the full hclog writer lands with the rpcplugin issue. The
// host shows plain-text lines with an [ERROR] prefix at error level when TF_LOG is set.
export function logError(message: string, err: unknown): void {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`[ERROR] ${message}: ${text.replace(/\n/g, "\n\t")}\n`);
}
