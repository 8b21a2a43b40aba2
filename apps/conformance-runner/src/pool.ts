// Bounded parallelism: each example runs tofu and a provider process, so running every one at
// once would overload a small CI machine; one at a time wastes the other cores.

/**
 * Runs `fn` over `items` with at most `limit` calls in flight, and resolves to the results in
 * the items' order. `fn` should not throw (the runner's cells return their failures); if one
 * does, the first error rejects once the calls already started have settled.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`the number of parallel jobs must be a whole number of at least 1, not ${limit}`);
  const results = new Array<R>(items.length);
  let next = 0;
  let error: { err: unknown } | undefined;
  const worker = async () => {
    while (error === undefined && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]!, i);
      } catch (err) {
        error ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (error) throw error.err;
  return results;
}
