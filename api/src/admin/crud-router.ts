import { Router, type Request } from 'express';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { parse } from 'zod/v4/core';
import {
  AdminMessages,
  adminIdParams,
  bulkActionSchema,
  ErrorCode,
  type BulkActionResult,
  revisionParams,
  type RevisionKind,
  type ContentType,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { HttpError, notFound } from '../http/errors';
import { checkIfMatch, ifMatchTags, preconditionFailed, setEntityTag } from '../http/conditional-write';
import { parseBody, parseParams } from '../http/validate';
import { clockOf, nowIso } from '../content/visibility';
import { findRevision, listRevisions, recordRevision, snapshotOf } from './revisions';
import { addressChanged } from './redirect-store';

type Row = Record<string, unknown>;
type StoredRow = Row & { updatedAt: string };
export type CrudTable = PgTable & { id: PgColumn; updatedAt: PgColumn; deletedAt: PgColumn };

export interface CrudConfig<S extends z.ZodObject> {
  /** The admin path segment, which also names the item's revisions and its place in the trash. */
  type: ContentType;
  table: CrudTable;
  /** `.strict()` body schema from the contracts; POST and PUT take the full object. */
  schema: S;
  /** List order (newest or display order first). */
  orderBy: (PgColumn | SQL)[];
  /** The unique column a duplicate would hit, and the message staff see then. */
  unique: { field: string; message: string };
  /** What the entity is called in messages ('Page', 'Service', ...). */
  label: string;
  /** Extra columns derived on the server (e.g. a blog post's publishedAt). */
  derive?: (values: z.output<S>, existing: Row | undefined, now: Date) => Row;
  /**
   * Checks that need the database (a link to an existing page, say), after the schema and before any
   * write; throws an HttpError (400 with field messages) to refuse. `existing` is the stored row of an
   * update or restore, undefined for a create.
   */
  check?: (values: z.output<S>, existing: Row | undefined) => Promise<void>;
}

/**
 * The stored publish date: the one staff gave (null clears it), else the stored one; a published item
 * without one is stamped with the time it was first published. A future date makes it Scheduled.
 */
export function publishDate(
  values: { published: boolean; publishedAt?: string | null | undefined },
  existing: Row | undefined,
  now: Date,
): { publishedAt: string | null } {
  const given =
    values.publishedAt === undefined
      ? ((existing?.['publishedAt'] as string | null | undefined) ?? null)
      : values.publishedAt && new Date(values.publishedAt).toISOString();
  // Stamped to the whole second: the CMS edits publish dates to the second, so saving the form again
  // keeps the stamp instead of changing it (and showing up in the item's history).
  const stamp = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
  return { publishedAt: given ?? (values.published ? stamp : null) };
}

/** A row as staff clients get it: without deleted_at (always null outside the trash). */
export const shownRow = ({ deletedAt: _deleted, ...row }: Row): Row => row;

/**
 * GET / (list), GET /:id, POST /, PUT /:id, DELETE /:id for one staff-managed table. Single rows
 * carry an ETag; PUT and DELETE with If-Match answer 412 when the row changed in between. DELETE moves
 * the row to the trash (deleted_at); trashed rows are out of every answer here until restored (see
 * trash-router.ts). A trashed row keeps its slug/identifier until it is purged.
 * Every create and update records a revision in the same transaction: GET /:id/revisions lists them,
 * GET /:id/revisions/:revId answers one, POST /:id/revisions/:revId/restore saves it again like a PUT.
 * POST /bulk {action, ids} publishes, unpublishes or trashes several items in one transaction.
 */
export function crudRouter<S extends z.ZodObject>(db: Db, config: CrudConfig<S>) {
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
  const live = (id: number) => and(eq(table.id, id), isNull(table.deletedAt));
  const sameVersion = (id: number, existing: StoredRow, conditional: boolean) =>
    conditional ? and(live(id), eq(table.updatedAt, existing.updatedAt)) : live(id);

  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const rows = await db
      .select()
      .from(table as PgTable)
      .where(isNull(table.deletedAt))
      .orderBy(...config.orderBy);
    res.json(rows.map(shownRow));
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const row = await findById(id);
    if (!row) throw notFound(`${label} not found`);
    res.setHeader('Cache-Control', 'no-store');
    setEntityTag(res, row);
    res.json(shownRow(row));
  });

  router.post('/', async (req, res) => {
    const values = parseBody(schema, req);
    await config.check?.(values, undefined);
    const row = { ...values, ...config.derive?.(values, undefined, clockOf(db)()) };
    const created = await db
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
    setEntityTag(res, created);
    res.status(201).json(shownRow(created));
  });

  /**
   * Writes `values` over a live row (only while it is still the version If-Match named, when it named
   * one) and records the revision; answers the stored row. 404 when gone, 412 when changed meanwhile.
   */
  const save = async (req: Request, id: number, values: z.output<S>, kind: RevisionKind) => {
    const existing = await findById(id);
    if (!existing) throw notFound(`${label} not found`);
    const conditional = checkIfMatch(req, existing);
    await config.check?.(values, existing);
    const row = { ...values, ...config.derive?.(values, existing, clockOf(db)()), updatedAt: sql`now()` };
    const updated = await db
      .transaction(async (tx) => {
        const [stored] = (await tx
          .update(table)
          .set(row as never)
          .where(sameVersion(id, existing, conditional))
          .returning()) as StoredRow[];
        if (stored) {
          await recordRevision(tx as unknown as Db, {
            type,
            id,
            kind,
            snapshot: snapshot(stored),
            before: snapshot(existing),
          });
          // A published item's old address redirects to its new one (redirect-store.ts).
          await addressChanged(tx as unknown as Db, type, existing, stored);
        }
        return stored;
      })
      .catch(conflict(row));
    if (!updated) throw conditional ? preconditionFailed() : notFound(`${label} not found`);
    return updated;
  };

  /**
   * One transaction for the whole selection: each item that changes is written as a single save
   * writes it (derived columns, a revision; a delete goes to the trash like DELETE /:id). Ids that do
   * not exist or are in the trash are reported as `missing`, not refused: the rest is still done.
   * The cache drops the type's family through the admin write hook, as for any save.
   */
  router.post('/bulk', async (req, res) => {
    const { action, ids } = parseBody(bulkActionSchema, req);
    const wanted = [...new Set(ids)];
    const now = clockOf(db)();
    const result = await db.transaction(async (tx) => {
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
            .where(live(id));
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
          .set({ published, ...config.derive?.(values, existing, now), updatedAt: sql`now()` } as never)
          .where(live(id))
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
    res.json(result);
  });

  router.put('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const values = parseBody(schema, req);
    const updated = await save(req, id, values, 'update');
    setEntityTag(res, updated);
    res.json(shownRow(updated));
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
    const restored = await save(req, id, parse(schema, revision.snapshot), 'restore');
    setEntityTag(res, restored);
    res.json(shownRow(restored));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    let conditional = false;
    let existing: StoredRow | undefined;
    if (ifMatchTags(req)) {
      existing = await findById(id);
      if (!existing) throw notFound(`${label} not found`);
      conditional = checkIfMatch(req, existing);
    }
    const deleted = await db
      .update(table)
      .set({ deletedAt: nowIso(db) } as never)
      .where(existing ? sameVersion(id, existing, conditional) : live(id))
      .returning({ id: columns.id as PgColumn });
    if (!deleted.length) throw conditional ? preconditionFailed() : notFound(`${label} not found`);
    res.status(204).end();
  });

  return router;
}
