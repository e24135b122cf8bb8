import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import { canaryRuns } from '../db/schema';

/**
 * The last canary of `remote` that ended by itself (site/canary-guard.ts), for the Releases tab:
 * which version, why and when; null when none did.
 */
export async function lastCanaryEnd(
  db: Db,
  remote: RemoteName,
): Promise<{ version: string; reason: string; at: string } | null> {
  const [row] = await db
    .select({ version: canaryRuns.version, reason: canaryRuns.endedReason, at: canaryRuns.endedAt })
    .from(canaryRuns)
    .where(and(eq(canaryRuns.remote, remote), isNotNull(canaryRuns.endedReason)))
    .orderBy(desc(canaryRuns.id))
    .limit(1);
  return row?.reason && row.at ? { version: row.version, reason: row.reason, at: row.at } : null;
}
