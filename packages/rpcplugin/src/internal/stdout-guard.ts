// After the handshake line, stdout belongs to nobody: the host reads one line and then
// discards everything. Writes that would go there are sent to stderr, which the host logs.
let routed = false;

export function routeStdoutToStderr(): void {
  if (routed) return;
  routed = true;
  const toStderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) =>
    toStderr(
      chunk as string,
      encoding as BufferEncoding,
      callback as () => void,
    )) as typeof process.stdout.write;
}
