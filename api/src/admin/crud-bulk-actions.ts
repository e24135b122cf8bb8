// The bulk actions of a staff-managed table (POST /bulk): publish, unpublish or move to the trash a
// selection, in one transaction, each item written as a single save writes it.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { BulkAction, BulkActionResult } from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import { recordRevision } from './revisions';
import { liveRow, type CrudConfig, type Row, type StoredRow } from './crud-table';

/**
 * POST /bulk {action, ids} of one table (crudRouter). One transaction for the whole selection: each item
 * that changes is written as a single save writes it (derived columns, a revision; a delete goes to the
 * trash like DELETE /:id). Ids that do not exist or are in the trash are reported as `missing`, not
 * refused: the rest is still done. The cache drops the type's family through the admin write hook, as
 * for any save.
 */
export async function applyBulkAction<S extends z.ZodObject>(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  { type, table, derive }: CrudConfig<S>,
  snapshot: (row: Row) => Row,
  { action, ids }: { action: BulkAction; ids: number[] },
): Promise<BulkActionResult> {
  const wanted = [...new Set(ids)];
  const now = clock();
  return db.transaction(async (tx) => {
    const found = (await tx
      .select()
      .from(table as PgTable)
      .where(and(inArray(table.id, wanted), isNull(table.deletedAt)))
      .for('update')) as StoredRow[];
    const byId = new Map(found.map((r) => [r['id'] as number, r]));
    const out: BulkActionResult = { action, changed: [], unchanged: [], missing: [] };
    for (const id of wanted) {
      const existing = byId.get(id);
      if (!existing) {
        out.missing.push(id);
        continue;
      }
      if (action === 'delete') {
        await tx
          .update(table)
          .set({ deletedAt: now.toISOString() } as never)
          .where(liveRow(table, id));
        out.changed.push(id);
        continue;
      }
      const published = action === 'publish';
      if (existing['published'] === published) {
        out.unchanged.push(id);
        continue;
      }
      const values = { ...snapshot(existing), published } as z.output<S>;
      const [stored] = (await tx
        .update(table)
        .set({ published, ...derive?.(values, existing, now), updatedAt: sql`now()` } as never)
        .where(liveRow(table, id))
        .returning()) as StoredRow[];
      await recordRevision(tx as unknown as Db, {
        type,
        id,
        kind: 'update',
        snapshot: snapshot(stored!),
        before: snapshot(existing),
      });
      out.changed.push(id);
    }
    return out;
  });
}
