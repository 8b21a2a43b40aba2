// Timestamps read from PostgreSQL: it answers in its own form (`2030-01-01 00:00:00+00`, in the
// session's time zone), so the queries write the instant as RFC 3339 in UTC instead. An
// attribute of the framework's types.rfc3339 then keeps the practitioner's spelling of the same
// instant (`2030-01-01T02:00:00+02:00`), so no plan shows a change that is no change.

/**
 * The SQL expression for a timestamptz column as RFC 3339 in UTC (`2030-01-01T00:00:00Z`, with
 * `.123456` only when there is a fraction), or NULL for NULL and 'infinity' (no expiry).
 */
export function rfc3339Sql(column: string): string {
  return `CASE WHEN ${column} IS NULL OR ${column} = 'infinity' THEN NULL ELSE regexp_replace(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '\\.?0+$', '') || 'Z' END`;
}
