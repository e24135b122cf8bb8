import { Router } from 'express';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { adminIdParams, ErrorCode } from '@agency/contracts';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';

type Row = Record<string, unknown>;
type CrudTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

export interface CrudConfig<S extends z.ZodType<Row>> {
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
  derive?: (values: z.output<S>, existing: Row | undefined) => Row;
}

/** Postgres unique violation, as raised directly or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

/** GET / (list), GET /:id, POST /, PUT /:id, DELETE /:id for one staff-managed table. */
export function crudRouter<S extends z.ZodType<Row>>(db: Db, config: CrudConfig<S>) {
  const { table, schema, unique, label } = config;
  const columns = getTableColumns(table);
  const router = Router();

  const conflict = (err: unknown): never => {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, ErrorCode.CONFLICT, unique.message, { [unique.field]: unique.message });
    }
    throw err;
  };
  const findById = async (id: number) => {
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id));
    return row as Row | undefined;
  };

  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      await db
        .select()
        .from(table as PgTable)
        .orderBy(...config.orderBy),
    );
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const row = await findById(id);
    if (!row) throw notFound(`${label} not found`);
    res.setHeader('Cache-Control', 'no-store');
    res.json(row);
  });

  router.post('/', async (req, res) => {
    const values = parseBody(schema, req);
    const row = { ...values, ...config.derive?.(values, undefined) };
    const [created] = await db
      .insert(table)
      .values(row as never)
      .returning()
      .catch(conflict);
    res.status(201).json(created);
  });

  router.put('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const values = parseBody(schema, req);
    const existing = config.derive ? await findById(id) : undefined;
    if (config.derive && !existing) throw notFound(`${label} not found`);
    const row = { ...values, ...config.derive?.(values, existing), updatedAt: sql`now()` };
    const updated = await db
      .update(table)
      .set(row as never)
      .where(eq(table.id, id))
      .returning()
      .catch(conflict);
    if (!updated.length) throw notFound(`${label} not found`);
    res.json(updated[0]);
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const deleted = await db
      .delete(table)
      .where(eq(table.id, id))
      .returning({ id: columns.id as PgColumn });
    if (!deleted.length) throw notFound(`${label} not found`);
    res.status(204).end();
  });

  return router;
}
