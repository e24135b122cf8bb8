import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import {
  changedFields,
  REVISIONS_KEPT,
  type Revision,
  type RevisionKind,
  type RevisionSummary,
  type ContentType,
  type TrashType,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { contentDrafts, revisions } from '../db/schema';
import { isoTimestamps } from '../http/iso-timestamps';
import { currentActor } from './staff-actor';

type Row = Record<string, unknown>;

/** The editable fields of a stored row (`fields`: the keys of its input schema), timestamps in ISO. */
export function snapshotOf(row: Row, fields: readonly string[]): Row {
  const picked = Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
  return JSON.parse(JSON.stringify(picked, isoTimestamps)) as Row;
}

const ofItem = (type: TrashType, id: number) =>
  and(eq(revisions.entityType, type), eq(revisions.entityId, id));

/**
 * Records a save of one item, in the caller's transaction: what changed since its previous revision,
 * and the fields as saved. An item saved before revisions were kept (`before`, the row as found) first
 * gets a baseline, so its first recorded change can be seen and undone. Keeps the newest REVISIONS_KEPT.
 */
export async function recordRevision(
  tx: Db,
  item: { type: TrashType; id: number; kind: RevisionKind; snapshot: Row; before?: Row },
): Promise<void> {
  const { type, id, kind, snapshot } = item;
  const [previous] = await tx
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(ofItem(type, id))
    .orderBy(desc(revisions.id))
    .limit(1);
  let prior = previous?.snapshot;
  if (!prior && item.before) {
    prior = item.before;
    await tx.insert(revisions).values({ entityType: type, entityId: id, kind: 'baseline', snapshot: prior });
  }
  // Who saved it: the staff request this runs in (none: a script, or the seed).
  const actor = currentActor();
  await tx.insert(revisions).values({
    entityType: type,
    entityId: id,
    kind,
    snapshot,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    changedFields: prior ? changedFields(prior, snapshot) : Object.keys(snapshot),
  });
  const [oldestKept] = await tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(ofItem(type, id))
    .orderBy(desc(revisions.id))
    .offset(REVISIONS_KEPT - 1)
    .limit(1);
  if (oldestKept) await tx.delete(revisions).where(and(ofItem(type, id), lt(revisions.id, oldestKept.id)));
}

const summary = {
  id: revisions.id,
  createdAt: revisions.createdAt,
  kind: revisions.kind,
  changedFields: revisions.changedFields,
  actorName: revisions.actorName,
};

/** An item's revisions, newest first. */
export async function listRevisions(db: Db, type: TrashType, id: number): Promise<RevisionSummary[]> {
  const rows = await db.select(summary).from(revisions).where(ofItem(type, id)).orderBy(desc(revisions.id));
  return rows as RevisionSummary[];
}

export async function findRevision(
  db: Db,
  type: TrashType,
  id: number,
  revId: number,
): Promise<Revision | undefined> {
  const [row] = await db
    .select({ ...summary, snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(ofItem(type, id), eq(revisions.id, revId)));
  return row as Revision | undefined;
}

/** Drops the revisions (and any pending draft) of items deleted for good. */
export async function forgetRevisions(db: Db, type: TrashType, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(revisions).where(and(eq(revisions.entityType, type), inArray(revisions.entityId, ids)));
  await db
    .delete(contentDrafts)
    .where(and(eq(contentDrafts.entityType, type as ContentType), inArray(contentDrafts.entityId, ids)));
}

/** Who saved an item last and when (its newest revision that is not a baseline), if anyone did. */
export async function lastSave(
  db: Db,
  type: TrashType,
  id: number,
): Promise<{ by: string | null; at: string } | undefined> {
  const [row] = await db
    .select({ by: revisions.actorName, at: revisions.createdAt })
    .from(revisions)
    .where(and(ofItem(type, id), ne(revisions.kind, 'baseline')))
    .orderBy(desc(revisions.id))
    .limit(1);
  return row ? { by: row.by, at: new Date(row.at).toISOString() } : undefined;
}
