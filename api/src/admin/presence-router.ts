import { Router, type Request } from 'express';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { PRESENCE_PATH, trashItemParams, type PresenceAnswer, type TrashType } from '@agency/contracts';
import type { Db } from '../db/client';
import { editingPresence } from '../db/schema';
import { parseParams } from '../http/validate';
import { actorKey, actorOfResponse } from './staff-actor';

/** A heartbeat older than this no longer counts: the editor was closed or the browser went away. */
export const PRESENCE_TTL_MS = 60 * 1000;

/**
 * Who has an item open in the CMS, through the database so every instance sees it:
 * PUT /presence/:type/:id (the editor's heartbeat, every 20 s while open) answers the others there
 * now; GET answers the same without a heartbeat; DELETE says this person closed it.
 */
/** Mounted under /api/admin. */
const PRESENCE_ROUTE = PRESENCE_PATH.slice('/api/admin'.length);

export function presenceRouter(db: Db) {
  const router = Router();

  /** The item of the address (a content type and an id, as the trash names items). */
  const itemOf = (req: Request) => parseParams(trashItemParams, req);
  const others = async (
    { type, id }: { type: TrashType; id: number },
    key: string,
  ): Promise<PresenceAnswer> => {
    const rows = await db
      .select({ name: editingPresence.actorName })
      .from(editingPresence)
      .where(
        and(
          eq(editingPresence.entityType, type),
          eq(editingPresence.entityId, id),
          ne(editingPresence.actorKey, key),
          gt(editingPresence.seenAt, sql`now() - (${PRESENCE_TTL_MS} * interval '1 millisecond')`),
        ),
      )
      .orderBy(editingPresence.seenAt);
    return { others: rows };
  };

  router.get(PRESENCE_ROUTE, async (req, res) => {
    res.json(await others(itemOf(req), actorKey(actorOfResponse(res))));
  });

  router.put(PRESENCE_ROUTE, async (req, res) => {
    const item = itemOf(req);
    const { type, id } = item;
    const actor = actorOfResponse(res);
    const key = actorKey(actor);
    await db
      .insert(editingPresence)
      .values({ entityType: type, entityId: id, actorKey: key, actorName: actor.name })
      .onConflictDoUpdate({
        target: [editingPresence.entityType, editingPresence.entityId, editingPresence.actorKey],
        set: { seenAt: sql`now()`, actorName: actor.name },
      });
    // Old heartbeats go at the same time (a small table: one row per open editor).
    await db
      .delete(editingPresence)
      .where(sql`${editingPresence.seenAt} < now() - (${PRESENCE_TTL_MS * 10} * interval '1 millisecond')`);
    res.json(await others(item, key));
  });

  router.delete(PRESENCE_ROUTE, async (req, res) => {
    const { type, id } = itemOf(req);
    await db
      .delete(editingPresence)
      .where(
        and(
          eq(editingPresence.entityType, type),
          eq(editingPresence.entityId, id),
          eq(editingPresence.actorKey, actorKey(actorOfResponse(res))),
        ),
      );
    res.status(204).end();
  });

  return router;
}
