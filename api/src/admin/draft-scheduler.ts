// Scheduled drafts go live by themselves: every instance looks for due ones every few seconds, and
// each due draft is published exactly once (its row is claimed with FOR UPDATE SKIP LOCKED, then
// deleted in the same transaction), whichever instance gets there first. The instance that published
// it drops the changed public answers (here, on the other instances through NOTIFY, and in a shared
// cache in front) through `changed`, as a staff write does.
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { contentDrafts } from '../db/schema';
import { isUniqueViolation } from '../db/pg-errors';
import type { ContentTag } from '../http/public-reads';
import type { AppContext } from '../app-context';
import { CONTENT_TYPE_ENTRIES, crudConfigOf, type ContentTypeDeps } from './content-types';
import { liveRow, type StoredRow } from './crud-table';
import { writeOver } from './crud-write';
import { draftIsStale, itemWords } from './crud-drafts';
import { recordAudit } from './audit';
import { actorContext, OWNER } from './staff-actor';

type DraftRow = typeof contentDrafts.$inferSelect;

export interface DraftScheduler {
  /** Publishes every draft due now; answers how many went live. */
  runDue: () => Promise<number>;
  /** Looks every `pollMs` (default 5 s) from now on. */
  start: (pollMs?: number) => void;
  stop: () => void;
}

/** How many due drafts one look publishes at most (the rest at the next). */
const BATCH = 20;

export function draftScheduler(
  app: ContentTypeDeps & Pick<AppContext, 'log'>,
  /** Drops the public answers of these families everywhere (app.ts: as after a staff write). */
  changed: (tags: readonly ContentTag[]) => void,
): DraftScheduler {
  const { db, log, clock } = app;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** The person who scheduled the draft: its revision and audit row name them. */
  const authorOf = (draft: DraftRow) =>
    draft.actorId === null && draft.actorName === null
      ? OWNER
      : { ...OWNER, id: draft.actorId, name: draft.actorName ?? OWNER.name, role: 'editor' as const };

  /** A due draft that cannot go live stays, unscheduled, and the audit says why (staff see it). */
  async function keep(draft: DraftRow, words: string, why: string) {
    const [kept] = await db
      .update(contentDrafts)
      .set({ publishAt: null })
      .where(and(eq(contentDrafts.id, draft.id), eq(contentDrafts.updatedAt, draft.updatedAt)))
      .returning({ id: contentDrafts.id });
    if (!kept) return;
    log.warn({ type: draft.entityType, id: draft.entityId, why }, 'a scheduled draft could not go live');
    await recordAudit(db, log, {
      actor: authorOf(draft),
      action: 'content.draft-kept',
      entityType: draft.entityType,
      entityId: draft.entityId,
      summary: `Could not publish the scheduled draft of ${words}: ${why}. It stays as a draft`,
    });
  }

  /** Publishes one due draft; answers whether it went live here. */
  async function publish(draft: DraftRow): Promise<boolean> {
    const config = crudConfigOf(db, draft.entityType, app);
    const { table, schema, label } = config;
    const [existing] = (await db
      .select()
      .from(table as PgTable)
      .where(liveRow(table, draft.entityId))) as StoredRow[];
    if (!existing) {
      await keep(draft, label, 'the item is in the Trash');
      return false;
    }
    const words = itemWords(config, existing);
    if (draftIsStale(existing, draft)) {
      await keep(draft, words, 'the item was saved after the draft, which would undo that save');
      return false;
    }
    const parsed = schema.safeParse(draft.data);
    if (!parsed.success) {
      await keep(draft, words, parsed.error.issues.map((i) => i.message).join('; '));
      return false;
    }
    const values = parsed.data;
    try {
      await config.check?.(values, existing);
    } catch (err) {
      await keep(draft, words, (err as Error).message);
      return false;
    }
    const published = await actorContext
      .run(authorOf(draft), () =>
        db.transaction(async (t) => {
          const tx = t as unknown as Db;
          // Still this version of the draft, still due, and no other instance publishing it.
          const [claimed] = await tx
            .select({ id: contentDrafts.id })
            .from(contentDrafts)
            .where(
              and(
                eq(contentDrafts.id, draft.id),
                eq(contentDrafts.updatedAt, draft.updatedAt),
                lte(contentDrafts.publishAt, clock().toISOString()),
              ),
            )
            .for('update', { skipLocked: true });
          if (!claimed) return false;
          const written = await writeOver(tx, config, {
            id: draft.entityId,
            existing,
            values,
            kind: 'update',
            // Only over the item as checked above; changed since, it is looked at again next time.
            where: and(liveRow(table, draft.entityId), eq(table.updatedAt, existing.updatedAt)),
            now: clock(),
          });
          if (!written) return false;
          await tx.delete(contentDrafts).where(eq(contentDrafts.id, draft.id));
          return true;
        }),
      )
      .catch(async (err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
        await keep(draft, words, config.unique.message);
        return false;
      });
    if (published) {
      await recordAudit(db, log, {
        actor: authorOf(draft),
        action: 'content.publish-draft',
        entityType: draft.entityType,
        entityId: draft.entityId,
        summary: `Published the scheduled draft of ${itemWords(config, values)}`,
      });
    }
    return published;
  }

  async function look(): Promise<number> {
    const due = await db
      .select()
      .from(contentDrafts)
      .where(and(isNotNull(contentDrafts.publishAt), lte(contentDrafts.publishAt, clock().toISOString())))
      .orderBy(asc(contentDrafts.publishAt))
      .limit(BATCH);
    const tags = new Set<ContentTag>();
    let count = 0;
    for (const draft of due) {
      const went = await publish(draft).catch((err: unknown) => {
        log.error({ err, type: draft.entityType, id: draft.entityId }, 'publishing a scheduled draft failed');
        return false;
      });
      if (!went) continue;
      count++;
      for (const tag of CONTENT_TYPE_ENTRIES[draft.entityType].tags) tags.add(tag);
    }
    if (tags.size) changed([...tags]);
    return count;
  }

  /** One look at a time per instance (a slow one is not overtaken by the next tick). */
  const runDue = () => {
    running ??= look().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    runDue,
    start: (pollMs = 5000) => {
      timer ??= setInterval(() => {
        runDue().catch((err: unknown) => log.error({ err }, 'looking for scheduled drafts failed'));
      }, pollMs);
      timer.unref();
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
