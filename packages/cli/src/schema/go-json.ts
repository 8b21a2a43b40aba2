// How Go's encoding/json writes the hosts' structs: omitempty drops zero values, map keys come
// out sorted by their bytes, and <, > and & are escaped. Building our objects with these keeps
// the printed document identical to the hosts', byte for byte.

type Loose<T> = { [K in keyof T]?: T[K] | undefined };

/** Drops undefined, false, "" and empty maps, as Go's omitempty does; keeps key order. */
export function omitEmpty<T extends object>(value: Loose<T>): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === false || v === "") continue;
    if (
      typeof v === "object" &&
      v !== null &&
      !Array.isArray(v) &&
      Object.keys(v).length === 0 &&
      isMapKey(key)
    ) {
      continue;
    }
    out[key] = v;
  }
  return out as T;
}

// The fields that are Go maps (omitted when empty); struct-valued fields such as `block` or
// `provider` stay even when they marshal to {}.
const MAP_FIELDS = new Set([
  "attributes",
  "block_types",
  "resource_schemas",
  "data_source_schemas",
  "ephemeral_resource_schemas",
  "list_resource_schemas",
  "functions",
  "resource_identity_schemas",
  "action_schemas",
  "state_store_schemas",
  "provider_schemas",
]);
function isMapKey(key: string): boolean {
  return MAP_FIELDS.has(key);
}

/** Go sorts map keys by their UTF-8 bytes. */
export function goKeyOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

export function sortedMap<V>(map: Readonly<Record<string, V>> | undefined): Record<string, V> | undefined {
  if (map === undefined) return undefined;
  const out: Record<string, V> = {};
  for (const key of Object.keys(map).sort(goKeyOrder)) out[key] = map[key]!;
  return out;
}

export function mapValues<V, W>(
  map: Readonly<Record<string, V>> | undefined,
  f: (value: V) => W,
): Record<string, W> | undefined {
  if (map === undefined) return undefined;
  const out: Record<string, W> = {};
  for (const key of Object.keys(map).sort(goKeyOrder)) out[key] = f(map[key]!);
  return out;
}

/** JSON as Go's encoding/json writes it: compact, HTML-sensitive characters escaped. */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
