// Pending drafts of stored items (issue 41): staff save changes to a live item without the public
// seeing them, then publish them now, at a scheduled time (draft-scheduler.ts), or discard them.
import type { Request, Response, Router } from 'express';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { parse } from 'zod/v4/core';
import {
  DraftMessages,
  ErrorCode,
  adminIdParams,
  auditTime,
  draftEnvelopeSchema,
  editVersionOf,
  type ContentDraft,
  type ContentType,
  type DraftMark,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import { contentDrafts } from '../db/schema';
import { HttpError, conflict as conflictError, notFound } from '../http/errors';
import { checkIfMatch, preconditionFailed, setEntityTag } from '../http/conditional-write';
import { declareDrops } from '../http/public-reads';
import { parseBody, parseParams } from '../http/validate';
import { isoTimestamps } from '../http/iso-timestamps';
import { setAuditSummary } from './audit-summary';
import { currentActor } from './staff-actor';
import { liveRow, shownRow, type CrudConfig, type Row, type StoredRow } from './crud-table';
import { writeOver } from './crud-write';

type DraftRow = typeof contentDrafts.$inferSelect;

const iso = (at: string) => new Date(at).toISOString();

/**
 * The item was written after its draft was last saved (a save, a restore, a bulk change): the draft
 * was made from an older version, and putting it live would undo that write. It stays, to be checked
 * and saved again; neither staff nor the scheduler publish it meanwhile.
 */
export const draftIsStale = (row: { updatedAt: string }, draft: Pick<DraftRow, 'updatedAt'>) =>
  Date.parse(iso(row.updatedAt)) > Date.parse(iso(draft.updatedAt));

/** A stored draft as staff get it. */
export const shownDraft = (draft: DraftRow): ContentDraft => ({
  values: JSON.parse(JSON.stringify(draft.data, isoTimestamps)) as Record<string, unknown>,
  publishAt: draft.publishAt && iso(draft.publishAt),
  authorName: draft.actorName,
  createdAt: iso(draft.createdAt),
  updatedAt: iso(draft.updatedAt),
});

const ofItem = (type: ContentType, id: number) =>
  and(eq(contentDrafts.entityType, type), eq(contentDrafts.entityId, id));

/** The pending draft of one item, if any. */
export async function draftOf(db: Db, type: ContentType, id: number): Promise<DraftRow | undefined> {
  const [draft] = await db.select().from(contentDrafts).where(ofItem(type, id));
  return draft;
}

/** The item of `type` whose pending draft moves it to `slug` (a new address before it goes live). */
export async function itemMovingTo(db: Db, type: ContentType, slug: string): Promise<number | undefined> {
  const [draft] = await db
    .select({ id: contentDrafts.entityId })
    .from(contentDrafts)
    .where(and(eq(contentDrafts.entityType, type), sql`${contentDrafts.data}->>'slug' = ${slug}`))
    .limit(1);
  return draft?.id;
}

/** What each listed item's draft is (no values), by item id: the list's "Draft pending" marks. */
export async function draftMarks(db: Db, type: ContentType, ids: number[]): Promise<Map<number, DraftMark>> {
  if (!ids.length) return new Map();
  // Not the values: a list shows only that a draft is there, and when it goes live.
  const rows = await db
    .select({
      id: contentDrafts.entityId,
      publishAt: contentDrafts.publishAt,
      authorName: contentDrafts.actorName,
      updatedAt: contentDrafts.updatedAt,
    })
    .from(contentDrafts)
    .where(and(eq(contentDrafts.entityType, type), inArray(contentDrafts.entityId, ids)));
  return new Map(
    rows.map((d) => [
      d.id,
      { publishAt: d.publishAt && iso(d.publishAt), authorName: d.authorName, updatedAt: iso(d.updatedAt) },
    ]),
  );
}

/** A stored item as staff edit it: its live values, and its pending draft when it has one. */
export const withDraft = (row: Row, draft: DraftRow | undefined): Row =>
  draft ? { ...shownRow(row), draft: shownDraft(draft) } : shownRow(row);

/** The version an editor of the item holds (its ETag): the later of the item's and its draft's. */
export const editVersion = (row: StoredRow, draft: DraftRow | undefined) =>
  editVersionOf({ updatedAt: iso(row.updatedAt), draft: draft && { updatedAt: iso(draft.updatedAt) } });

/** How an item is named in the audit's words: 'Blog post “Launch”'. */
export const itemWords = (config: CrudConfig<z.ZodObject>, row: Row) => {
  const title = config.titleField ? row[config.titleField] : undefined;
  return typeof title === 'string' && title ? `${config.label} “${title}”` : config.label;
};

interface DraftRouteDeps<S extends z.ZodObject> extends Pick<AppContext, 'db' | 'clock'> {
  config: CrudConfig<S>;
  /** The stored item (not in the trash), or undefined. */
  findById: (id: number) => Promise<StoredRow | undefined>;
  /** Turns a unique violation of `values` into the type's 409 (crud-router.ts). */
  conflict: (values: Row) => (err: unknown) => Promise<never>;
  /** The answer of a save: the row, and its body's dead links (crud-router.ts). */
  savedAnswer: (row: StoredRow, values: z.output<S>) => Promise<Row>;
}

/**
 * PUT /:id/draft {values, publishAt?} saves (or replaces) the item's pending draft; POST
 * /:id/draft/publish writes it over the item (an `update` revision) and deletes it; DELETE
 * /:id/draft discards it. Each names the version it was meant for (If-Match: the item's ETag, which
 * a draft's save moves too) and answers 412 when the item or its draft changed meanwhile. Only the
 * publish changes what visitors see, so only it drops the type's cached public answers.
 */
export function draftRoutes<S extends z.ZodObject>(router: Router, deps: DraftRouteDeps<S>): void {
  const { db, clock, config, findById, conflict, savedAnswer } = deps;
  const { type, table, schema, label } = config;

  const found = async (req: Request) => {
    const { id } = parseParams(adminIdParams, req);
    const existing = await findById(id);
    if (!existing) throw notFound(`${label} not found`);
    return { id, existing };
  };

  /**
   * Runs `write` in a transaction that holds the item's row (so draft writes of one item go one at a
   * time on every instance) after checking If-Match against the item and its draft as they are now.
   */
  const locked = <T>(
    req: Request,
    id: number,
    write: (tx: Db, row: StoredRow, draft: DraftRow | undefined) => Promise<T>,
  ) =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = (await tx
        .select()
        .from(table as PgTable)
        .where(liveRow(table, id))
        .for('update')) as StoredRow[];
      if (!row) throw notFound(`${label} not found`);
      const draft = await draftOf(tx, type, id);
      checkIfMatch(req, editVersion(row, draft));
      return write(tx, row, draft);
    });

  /** Answers the item as staff edit it, at its new version; the public sees nothing new. */
  const answer = (res: Response, row: StoredRow, draft: DraftRow | undefined) => {
    setEntityTag(res, editVersion(row, draft));
    res.json(withDraft(row, draft));
  };

  router.put('/:id/draft', async (req, res) => {
    const { id, existing } = await found(req);
    const { values: raw, publishAt } = parseBody(draftEnvelopeSchema, req);
    const values = parse(schema, raw);
    if (publishAt && Date.parse(publishAt) <= clock().getTime()) {
      throw new HttpError(400, ErrorCode.VALIDATION, DraftMessages.publishAtPast, {
        publishAt: DraftMessages.publishAtPast,
      });
    }
    // The checks a save makes (a reserved slug, a link to no page): refused now, not at publish time.
    await config.check?.(values, existing);
    const actor = currentActor();
    const { row, draft } = await locked(req, id, async (tx, row) => {
      const set = {
        data: JSON.parse(JSON.stringify(values, isoTimestamps)) as Record<string, unknown>,
        publishAt: publishAt ? iso(publishAt) : null,
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? null,
      };
      const [draft] = await tx
        .insert(contentDrafts)
        .values({ entityType: type, entityId: id, ...set })
        .onConflictDoUpdate({
          target: [contentDrafts.entityType, contentDrafts.entityId],
          set: { ...set, updatedAt: sql`now()` },
        })
        .returning();
      return { row, draft: draft! };
    });
    declareDrops(res, []);
    setAuditSummary(
      res,
      draft.publishAt
        ? `Scheduled the draft of ${itemWords(config, values)} for ${auditTime(draft.publishAt)}`
        : `Saved a draft of ${itemWords(config, values)}`,
    );
    answer(res, row, draft);
  });

  router.post('/:id/draft/publish', async (req, res) => {
    const { id, existing } = await found(req);
    const pending = await draftOf(db, type, id);
    if (!pending) throw notFound(DraftMessages.noDraft);
    // Today's rules: a draft that no longer passes them is refused (400) and stays.
    const values = parse(schema, pending.data);
    await config.check?.(values, existing);
    const stored = await locked(req, id, async (tx, row, draft) => {
      if (!draft) throw notFound(DraftMessages.noDraft);
      // The draft read above is the one going live: one saved meanwhile is not published unseen.
      if (draft.updatedAt !== pending.updatedAt) throw preconditionFailed();
      if (draftIsStale(row, draft)) throw conflictError(DraftMessages.stale);
      const now = clock();
      const written = await writeOver(tx, config, {
        ...{ id, existing: row, values, kind: 'update', now },
        where: liveRow(table, id),
      });
      await tx.delete(contentDrafts).where(eq(contentDrafts.id, draft.id));
      return written!;
    }).catch(conflict(values));
    setAuditSummary(res, `Published the draft of ${itemWords(config, stored)}`);
    setEntityTag(res, stored);
    res.json(await savedAnswer(stored, values));
  });

  router.delete('/:id/draft', async (req, res) => {
    const { id } = await found(req);
    const row = await locked(req, id, async (tx, row, draft) => {
      if (!draft) throw notFound(DraftMessages.noDraft);
      await tx.delete(contentDrafts).where(eq(contentDrafts.id, draft.id));
      return row;
    });
    declareDrops(res, []);
    setAuditSummary(res, `Discarded the draft of ${itemWords(config, row)}`);
    setEntityTag(res, editVersion(row, undefined));
    res.status(204).end();
  });
}
