/**
 * Every timestamp in every API answer is ISO 8601 (`2026-11-22T13:30:28.940Z`). Rows hold the
 * database's text form (`2026-11-22 13:30:28.94+00`, PostgreSQL and PGlite alike); this JSON replacer
 * converts it on the way out, for fields named like timestamps (`at`, `createdAt`, `publishedAt`, …) whose
 * value has exactly that form. Stored text in other fields is never touched.
 */
const TIMESTAMP_KEY = /^at$|At$/;
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

export function isoTimestamps(this: unknown, key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !TIMESTAMP_KEY.test(key) || !DATABASE_TIMESTAMP.test(value)) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}
