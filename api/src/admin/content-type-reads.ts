import { Router } from 'express';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import { PUBLIC_API_TYPES, contentApiPaths, publishedListQuery, underApi } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { parseQuery } from '../http/validate';
import { visibleRows } from '../content/visibility';
import { canSeeDrafts, listIncludesDrafts } from '../content/reader-access';
import { slugParam } from '../content/content-router';
import { contentType, publicSchemaOf } from './content-types';

type Row = Record<string, unknown>;
type Publishable = Parameters<typeof visibleRows>[1] & { slug: Parameters<typeof eq>[0] };

/** The columns a public read needs of a type's table: checked once, when the router is built. */
const NEEDED_COLUMNS = ['slug', 'published', 'deletedAt'];

/**
 * What visitors get of a stored row: the fields of the answer's contract, nothing else (a column
 * added for staff never leaks into a public answer because it was not left out here).
 */
const documentedFields = (contract: z.ZodType) => {
  const shape = (contract as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('A public answer contract must be an object schema');
  const fields = Object.keys(shape);
  return (row: Row) => Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
};

/**
 * The public list and item of each content type with `publicApi` in the registry (contentApiPaths):
 * live rows for visitors, drafts and scheduled ones too for signed-in staff (unless ?published=true),
 * in the type's public order, answered as the type says, with the fields of its answer's contract
 * (publicSchemaOf: the type's own, else the stored row's) and no other. The cache keeps them
 * under the type's tag (PUBLIC_READS), and OpenAPI documents them (openapi/public.ts).
 */
export function contentTypeReadsRouter({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Router {
  const router = Router();
  for (const type of PUBLIC_API_TYPES) {
    const definition = contentType(type);
    const { table, label, orderBy, publicOrder = orderBy, publicAnswer } = definition;
    const missing = NEEDED_COLUMNS.filter((c) => !(c in getTableColumns(table)));
    if (missing.length) throw new Error(`${type} has a public API but no ${missing.join(', ')} column`);
    const rows = table as unknown as Publishable;
    const visible = documentedFields(publicSchemaOf(definition));
    const answer = async (found: Row[], one: boolean) =>
      (publicAnswer ? await publicAnswer(db, found, one) : found).map((r) => visible(r as Row));
    const { list, item } = contentApiPaths(type);

    router.get(underApi(list), async (req, res) => {
      const query = parseQuery(publishedListQuery, req);
      const drafts = await listIncludesDrafts(req, db, query);
      const found = await db
        .select()
        .from(table)
        .where(visibleRows(clock, rows, drafts))
        .orderBy(...publicOrder);
      res.json(await answer(found as Row[], false));
    });

    router.get(underApi(item), async (req, res) => {
      const slug = slugParam(req);
      const [found] = await db
        .select()
        .from(table)
        .where(and(eq(rows.slug, slug), visibleRows(clock, rows, await canSeeDrafts(req, db))))
        .limit(1);
      if (!found) throw notFound(`${label} not found`);
      res.json((await answer([found as Row], true))[0]);
    });
  }
  return router;
}
