import { Router, type Request } from 'express';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  publicReadsOf,
  publishedListQuery,
  underApi,
  type ContentType,
} from '@agency/contracts';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { parseParams, parseQuery } from '../http/validate';
import { visibleRows } from './visibility';
import { canSeeDrafts, listIncludesDrafts } from './reader-access';
import { slugParam } from './content-router';
import { withSocialImageFocus } from './content-repository';
import { CONTENT_ENTRIES, publicListSchemaOf, publicSchemaOf } from './content-type-entries';

type Row = Record<string, unknown>;
type Publishable = Parameters<typeof visibleRows>[1];

/**
 * What visitors get of a stored row: the fields of the answer's contract, nothing else (a column
 * added for staff never leaks into a public answer because it was not left out here).
 */
const documentedFields = (contract: z.ZodObject) => {
  const fields = Object.keys(contract.shape);
  return (row: Row) => Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
};

/**
 * A type's rows as its public reads answer them (`one`: as its item): shaped as the type says
 * (`publicAnswer`), then the fields of the answer's contract and no other. The content preview
 * answers a previewed item with it too.
 */
export function publicAnswerOf(db: Db, type: ContentType) {
  const definition = CONTENT_ENTRIES[type];
  const item = documentedFields(publicSchemaOf(definition));
  const listed = documentedFields(publicListSchemaOf(definition));
  return async (found: Row[], one: boolean): Promise<Row[]> => {
    const shaped = (definition.publicAnswer ? await definition.publicAnswer(db, found, one) : found) as Row[];
    if (!one) return shaped.map(listed);
    // An item's page names its social card: with the focal point of staff's replacement picture.
    return (await Promise.all(shaped.map((r) => withSocialImageFocus(db, r)))).map(item);
  };
}

/**
 * The public reads of every content type, as the registry says (CONTENT_TYPES' `publicApi`,
 * publicReadsOf): its list and its item, live rows for visitors; for signed-in staff also drafts and
 * scheduled ones where the type says so (a list unless ?published=true). In the type's public order,
 * answered as the type says (`publicAnswer`), with the fields of its answer's contract
 * (publicSchemaOf: the type's own, else the stored row's) and no other. The cache keeps them under
 * the type's tag (PUBLIC_READS), and OpenAPI documents them (openapi/public.ts).
 */
export function contentTypeReadsRouter({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Router {
  const router = Router();
  for (const type of CONTENT_TYPE_NAMES) {
    const definition = CONTENT_ENTRIES[type];
    const { table, orderBy, publicOrder = orderBy, publicParams } = definition;
    const { label } = CONTENT_TYPES[type];
    const { list, item, key, drafts } = publicReadsOf(type);
    const columns = getTableColumns(table) as Record<string, PgColumn | undefined>;
    const missing = ['published', 'deletedAt', ...(item ? [key] : [])].filter((c) => !columns[c]);
    if (missing.length) throw new Error(`${type} has public reads but no ${missing.join(', ')} column`);
    const rows = table as unknown as Publishable;
    const answer = publicAnswerOf(db, type);
    const missingItem = definition.publicMissing ?? (() => `${label} not found`);
    /** The item's key from its address: refused (400) where the type validates it, else 404 when malformed. */
    const keyOf = (req: Request): string =>
      publicParams ? String((parseParams(publicParams, req) as Row)[key]) : slugParam(req, missingItem);

    if (list)
      router.get(underApi(list), async (req, res) => {
        const query = parseQuery(publishedListQuery, req);
        const withDrafts = drafts && (await listIncludesDrafts(req, db, query));
        const found = await db
          .select()
          .from(table)
          .where(visibleRows(clock, rows, withDrafts))
          .orderBy(...publicOrder);
        res.json(await answer(found as Row[], false));
      });

    if (item)
      router.get(underApi(item), async (req, res) => {
        const value = keyOf(req);
        const withDrafts = drafts && (await canSeeDrafts(req, db));
        const [found] = await db
          .select()
          .from(table)
          .where(and(eq(columns[key]!, value), visibleRows(clock, rows, withDrafts)))
          .limit(1);
        if (!found) throw notFound(missingItem(value));
        res.json((await answer([found as Row], true))[0]);
      });
  }
  return router;
}
