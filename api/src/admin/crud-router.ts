// The staff API of one content table: list, read, create, replace, move to the trash, revisions and bulk
// actions (crud-bulk-actions.ts), each write with its revision and its redirect in one transaction.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { and, eq, getTableColumns, isNotNull, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { parse } from 'zod/v4/core';
import {
  AdminMessages,
  adminIdParams,
  bulkActionSchema,
  ErrorCode,
  OWNER_NAME,
  revisionParams,
  type RevisionKind,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import { isUniqueViolation } from '../db/pg-errors';
import { HttpError, notFound } from '../http/errors';
import { checkIfMatch, ifMatchTags, preconditionFailed, setEntityTag } from '../http/conditional-write';
import { parseBody, parseParams } from '../http/validate';
import { findRevision, lastSave, listRevisions, recordRevision, snapshotOf } from './revisions';
import { addressChanged } from './redirect-store';
import { liveRow, shownRow, type CrudConfig, type Row, type StoredRow } from './crud-table';
import { writeOver } from './crud-write';
import { draftMarks, draftOf, draftRoutes, editVersion, withDraft } from './crud-drafts';
import { applyBulkAction } from './crud-bulk-actions';
import { duplicateValues } from './duplicate';

/**
 * GET / (list), GET /:id, POST /, PUT /:id, DELETE /:id for one staff-managed table. Single rows
 * carry an ETag; PUT and DELETE with If-Match answer 412 when the row changed in between. DELETE moves
 * the row to the trash (deleted_at); trashed rows are out of every answer here until restored (see
 * trash-router.ts). A trashed row keeps its slug/identifier until it is purged.
 * Every create and update records a revision in the same transaction: GET /:id/revisions lists them,
 * GET /:id/revisions/:revId answers one, POST /:id/revisions/:revId/restore saves it again like a PUT.
 * POST /bulk {action, ids} publishes, unpublishes or trashes several items in one transaction.
 * POST /:id/duplicate stores an unpublished copy of an item.
 * PUT /:id/draft, POST /:id/draft/publish and DELETE /:id/draft keep changes to an item as a pending
 * draft until they go live (crud-drafts.ts); GET /:id answers it as `draft`, a list row its mark.
 */
export function crudRouter<S extends z.ZodObject>(
  app: Pick<AppContext, 'db' | 'clock'>,
  config: CrudConfig<S>,
) {
  const { db, clock } = app;
  const { type, table, schema, unique, label } = config;
  const columns = getTableColumns(table);
  const fields = Object.keys(schema.shape);
  const snapshot = (row: Row) => snapshotOf(row, fields);
  const router = Router();

  const conflict =
    (values: Row) =>
    async (err: unknown): Promise<never> => {
      if (isUniqueViolation(err)) {
        const column = columns[unique.field] as PgColumn | undefined;
        const inTrash =
          column &&
          (
            await db
              .select({ id: table.id })
              .from(table as PgTable)
              .where(and(eq(column, values[unique.field]), isNotNull(table.deletedAt)))
              .limit(1)
          ).length > 0;
        const message = inTrash ? AdminMessages.slugInTrash : unique.message;
        throw new HttpError(409, ErrorCode.CONFLICT, message, { [unique.field]: message });
      }
      throw err;
    };
  const findById = async (id: number) => {
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), isNull(table.deletedAt)));
    return row as StoredRow | undefined;
  };
  /** Rows are written only while they still are the version If-Match named (when it named one). */
  const live = (id: number) => liveRow(table, id);
  const sameVersion = (id: number, existing: StoredRow, conditional: boolean) =>
    conditional ? and(live(id), eq(table.updatedAt, existing.updatedAt)) : live(id);

  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const rows = await db
      .select()
      .from(table as PgTable)
      .where(isNull(table.deletedAt))
      .orderBy(...config.orderBy);
    const marks = await draftMarks(
      db,
      type,
      rows.map((r) => r['id'] as number),
    );
    res.json(
      rows.map((r) => {
        const mark = marks.get(r['id'] as number);
        return mark ? { ...shownRow(r), draft: mark } : shownRow(r);
      }),
    );
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const row = await findById(id);
    if (!row) throw notFound(`${label} not found`);
    res.setHeader('Cache-Control', 'no-store');
    const draft = await draftOf(db, type, id);
    setEntityTag(res, editVersion(row, draft));
    res.json(withDraft(row, draft));
  });

  /** A saved item as staff get it, with the internal links of its bodies that lead to no page (if any). */
  const savedAnswer = async (row: StoredRow, values: z.output<S>) => {
    const deadLinks = (await config.deadLinks?.(values)) ?? [];
    return { ...shownRow(row), ...(deadLinks.length ? { deadLinks } : {}) };
  };

  /** Stores a new item (checked, derived, with its first revision and its address); answers the row. */
  const create = async (values: z.output<S>) => {
    await config.check?.(values, undefined);
    const row = { ...values, ...config.derive?.(values, undefined, clock()) };
    return db
      .transaction(async (tx) => {
        const [stored] = (await tx
          .insert(table)
          .values(row as never)
          .returning()) as StoredRow[];
        await recordRevision(tx as unknown as Db, {
          type,
          id: stored!['id'] as number,
          kind: 'create',
          snapshot: snapshot(stored!),
        });
        await addressChanged(tx as unknown as Db, type, undefined, stored!);
        return stored!;
      })
      .catch(conflict(row));
  };

  router.post('/', async (req, res) => {
    const values = parseBody(schema, req);
    const created = await create(values);
    setEntityTag(res, created);
    res.status(201).json(await savedAnswer(created, values));
  });

  // A copy to start from: unpublished, "(copy)" in its title, a free slug (duplicate.ts).
  router.post('/:id/duplicate', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const existing = await findById(id);
    if (!existing) throw notFound(`${label} not found`);
    const values = await duplicateValues(db, config, existing);
    const created = await create(values);
    setEntityTag(res, created);
    res.status(201).json(await savedAnswer(created, values));
  });

  /**
   * Writes `values` over a live row (only while it is still the version If-Match named, when it named
   * one) and records the revision; answers the stored row. 404 when gone, 412 when changed meanwhile.
   */
  const save = async (req: Request, id: number, values: z.output<S>, kind: RevisionKind) => {
    const existing = await findById(id);
    if (!existing) throw notFound(`${label} not found`);
    // The version the editor holds covers the item's pending draft too (crud-drafts.ts).
    const conditional = checkIfMatch(req, editVersion(existing, await draftOf(db, type, id)));
    await config.check?.(values, existing);
    const now = clock();
    const where = sameVersion(id, existing, conditional);
    const updated = await db
      .transaction((tx) => writeOver(tx as unknown as Db, config, { id, existing, values, kind, where, now }))
      .catch(conflict({ ...values }));
    if (!updated) throw conditional ? preconditionFailed() : notFound(`${label} not found`);
    return updated;
  };

  draftRoutes(router, { db, clock, config, findById, conflict, savedAnswer });

  router.post('/bulk', async (req, res) => {
    res.json(await applyBulkAction(app, config, snapshot, parseBody(bulkActionSchema, req)));
  });

  router.put('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const values = parseBody(schema, req);
    const updated = await save(req, id, values, 'update');
    setEntityTag(res, updated);
    res.json(await savedAnswer(updated, values));
  });

  router.get('/:id/revisions', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    if (!(await findById(id))) throw notFound(`${label} not found`);
    res.json(await listRevisions(db, type, id));
  });

  const revisionOf = async (req: Request) => {
    const { id, revId } = parseParams(revisionParams, req);
    const revision = await findRevision(db, type, id, revId);
    if (!revision) throw notFound('Revision not found');
    return { id, revision };
  };

  router.get('/:id/revisions/:revId', async (req, res) => {
    const { revision } = await revisionOf(req);
    res.json(revision);
  });

  // The stored fields go through today's validation: a revision that no longer passes it is refused (400).
  router.post('/:id/revisions/:revId/restore', async (req, res) => {
    const { id, revision } = await revisionOf(req);
    const values = parse(schema, revision.snapshot);
    const restored = await save(req, id, values, 'restore');
    setEntityTag(res, restored);
    res.json(await savedAnswer(restored, values));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    let conditional = false;
    let existing: StoredRow | undefined;
    if (ifMatchTags(req)) {
      existing = await findById(id);
      if (!existing) throw notFound(`${label} not found`);
      conditional = checkIfMatch(req, editVersion(existing, await draftOf(db, type, id)));
    }
    const deleted = await db
      .update(table)
      .set({ deletedAt: clock().toISOString() } as never)
      .where(existing ? sameVersion(id, existing, conditional) : live(id))
      .returning({ id: columns.id as PgColumn });
    if (!deleted.length) throw conditional ? preconditionFailed() : notFound(`${label} not found`);
    res.status(204).end();
  });

  /**
   * Any 412 of an item's routes (save, restore, delete, its draft's) says who changed it last and
   * when: the change the editor did not see, a save or a draft (defect 9).
   */
  router.use(async (err: unknown, req: Request, _res: Response, next: NextFunction) => {
    const id = Number(/^\/(\d+)(?:\/|$)/.exec(req.path)?.[1]);
    if (err instanceof HttpError && err.status === 412 && id) {
      const [saved, draft] = await Promise.all([lastSave(db, type, id), draftOf(db, type, id)]);
      const last =
        draft && (!saved || Date.parse(draft.updatedAt) > Date.parse(saved.at))
          ? { by: draft.actorName, at: new Date(draft.updatedAt).toISOString() }
          : saved;
      if (last) err.details = { changedBy: last.by ?? OWNER_NAME, changedAt: last.at };
    }
    next(err);
  });

  return router;
}
