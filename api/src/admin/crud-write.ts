// Writing new values over a stored item, as every save does it (a PUT, a restored revision, a
// published draft by staff or by the scheduler): in the caller's transaction, with its revision and
// the redirect from its old address.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RevisionKind } from '@agency/contracts';
import type { Db } from '../db/client';
import { recordRevision, snapshotOf } from './revisions';
import { addressChanged } from './redirect-store';
import type { CrudConfig, StoredRow } from './crud-table';

/**
 * Writes `values` (checked already) over the row `where` finds (`existing`, as read before) and records
 * the revision; answers the stored row, or undefined when `where` found none (changed or gone).
 */
export async function writeOver<S extends z.ZodObject>(
  tx: Db,
  config: CrudConfig<S>,
  write: {
    id: number;
    existing: StoredRow;
    values: z.output<S>;
    kind: RevisionKind;
    where: SQL | undefined;
    now: Date;
  },
): Promise<StoredRow | undefined> {
  const { id, existing, values, kind, where, now } = write;
  const fields = Object.keys(config.schema.shape);
  const row = { ...values, ...config.derive?.(values, existing, now), updatedAt: sql`now()` };
  const [stored] = (await tx
    .update(config.table)
    .set(row as never)
    .where(where)
    .returning()) as StoredRow[];
  if (!stored) return undefined;
  await recordRevision(tx, {
    type: config.type,
    id,
    kind,
    snapshot: snapshotOf(stored, fields),
    before: snapshotOf(existing, fields),
  });
  // A published item's old address redirects to its new one (redirect-store.ts).
  await addressChanged(tx, config.type, existing, stored);
  return stored;
}
