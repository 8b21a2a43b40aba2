// Records keyed by names that come from data (attribute names, map keys). A plain assignment
// `record[key] = value` with the key "__proto__" would set the object's prototype instead of
// adding the key, silently losing it; defining the property always adds it.
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}
