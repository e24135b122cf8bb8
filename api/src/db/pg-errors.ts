/** Postgres unique violation, as raised directly or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * A database that cannot take the write now, through no fault of the request: a read-only server
 * (25006: a hot standby, a primary demoted in a failover, `default_transaction_read_only`), or one out
 * of resources (class 53: 53100 disk full, 53200 out of memory, 53300 too many connections, 53400 a
 * configuration limit), or this machine's own disk full (ENOSPC). Retrying later may well succeed.
 */
export function isDatabaseRefusingWork(code: string): boolean {
  return code === '25006' || /^53[0-9A-Z]{3}$/.test(code) || code === 'ENOSPC';
}
