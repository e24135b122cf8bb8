import { Router } from 'express';
import { and, eq } from 'drizzle-orm';
import { PUBLIC_API_TYPES, contentApiPaths, publishedListQuery, underApi } from '@agency/contracts';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { parseQuery } from '../http/validate';
import { visibleRows } from '../content/visibility';
import { canSeeDrafts, listIncludesDrafts } from '../content/reader-access';
import { slugParam } from '../content/content-router';
import { contentType } from './content-types';

type Row = Record<string, unknown>;
type Publishable = Parameters<typeof visibleRows>[1] & { slug: Parameters<typeof eq>[0] };

/** What visitors get of a stored row by default: all of it but its trash date (always null for them). */
const asStored = ({ deletedAt: _trashed, ...row }: Row) => row;

/**
 * The public list and item of each content type with `publicApi` in the registry (contentApiPaths):
 * live rows for visitors, drafts and scheduled ones too for signed-in staff (unless ?published=true),
 * in the type's public order, answered as the type says (default: as stored). The cache keeps them
 * under the type's tag (PUBLIC_READS), and OpenAPI documents them (openapi/public.ts).
 */
export function contentTypeReadsRouter(db: Db): Router {
  const router = Router();
  for (const type of PUBLIC_API_TYPES) {
    const { table, label, orderBy, publicOrder = orderBy, publicAnswer } = contentType(type);
    const rows = table as unknown as Publishable;
    const answer = (found: Row[], one: boolean) =>
      publicAnswer ? publicAnswer(db, found.map(asStored), one) : Promise.resolve(found.map(asStored));
    const { list, item } = contentApiPaths(type);

    router.get(underApi(list), async (req, res) => {
      const query = parseQuery(publishedListQuery, req);
      const drafts = await listIncludesDrafts(req, db, query);
      const found = await db
        .select()
        .from(table)
        .where(visibleRows(db, rows, drafts))
        .orderBy(...publicOrder);
      res.json(await answer(found as Row[], false));
    });

    router.get(underApi(item), async (req, res) => {
      const slug = slugParam(req);
      const [found] = await db
        .select()
        .from(table)
        .where(and(eq(rows.slug, slug), visibleRows(db, rows, await canSeeDrafts(req, db))))
        .limit(1);
      if (!found) throw notFound(`${label} not found`);
      res.json((await answer([found as Row], true))[0]);
    });
  }
  return router;
}
