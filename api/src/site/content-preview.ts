import express, { type Request, type RequestHandler } from 'express';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  fillPattern,
  publicReadsOf,
  PREVIEW_BANNER_TEXT,
  PREVIEW_PARAM,
  contentPreviewFormSchema,
  matchSiteRoute,
  previewTypeOf,
  type PreviewType,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import { publicAnswerOf } from '../content/content-type-reads';
import { requireStaff, sameOriginWrites } from '../admin/admin-guards';
import { crudConfigOf } from '../admin/content-types';
import { draftOf, itemMovingTo } from '../admin/crud-drafts';
import { pageRows, type PageRows } from './seo/page-rows';
import { signedInStaff, staffBanner } from './remote-preview';
import { escapeHtml } from './seo/render-head';

/**
 * Staff preview of content as the public page renders it: `<public path>?preview`.
 * - GET by signed-in staff: the stored item at that path, draft or scheduled (not one in the trash);
 *   when it has a pending draft (admin/crud-drafts.ts), with the draft's values: what will go live.
 * - POST (a form the CMS editor submits to a new tab: `values` as JSON, `id` when stored): the
 *   unsaved values, checked with the type's input schema.
 * The page is rendered by the normal page renderer; it only gets the previewed item instead of the
 * stored one: for the head (page-meta's rows) and for the API answer the page's render reads.
 * Nothing is stored anywhere, so any instance answers it. The answer is never kept (no page cache,
 * `no-store`), is noindex, and carries a "Preview: not public" banner. Anyone else asking the same
 * URL gets the public answer (a draft's is 404).
 */
export interface ContentPreview {
  /** pageRows with the previewed item in place of the stored one (shown as it will look live). */
  rows: PageRows;
  /** API answers (by path) the page's render gets instead of asking the API. */
  answers: ReadonlyMap<string, unknown>;
}

type Row = Record<string, unknown>;
type SlugTable = PgTable & { id: PgColumn; slug: PgColumn; deletedAt: PgColumn };

/** The type's admin config (registry): its table, input schema and derived columns, as a save uses them. */
const crudOf = (db: Db, type: PreviewType) => {
  const crud = crudConfigOf(db, type);
  return { ...crud, table: crud.table as unknown as SlugTable };
};

/**
 * The banner over a content preview: at the bottom, above a release preview's bar (at the top it
 * covered the site's fixed header, issue 25).
 */
export const contentPreviewBanner = () =>
  staffBanner('content-preview', escapeHtml(PREVIEW_BANNER_TEXT), 'bottom', 40);

export const asksForPreview = (req: Request) => PREVIEW_PARAM in (req.query as Record<string, unknown>);

/** The previewable item a path shows: its type and slug. */
function itemAt(path: string): { type: PreviewType; slug: string } | undefined {
  const match = matchSiteRoute(path);
  const type = match && previewTypeOf(match.route.kind);
  const slug = match?.params['slug'];
  return type && slug ? { type, slug } : undefined;
}

async function previewOf(
  app: Pick<AppContext, 'db' | 'clock'>,
  type: PreviewType,
  slug: string,
  row: Row,
): Promise<ContentPreview> {
  const base = pageRows(app);
  const shown = { ...row, published: true };
  // The page's head reads the item's row; its render the item's public read, answered as that read
  // would answer it.
  const rows: PageRows = {
    item: (t, s) => (t === type && s === slug ? Promise.resolve(shown as never) : base.item(t, s)),
  };
  const [answer] = await publicAnswerOf(app.db, type)([row], true);
  return {
    rows,
    answers: new Map([[fillPattern(publicReadsOf(type).item!, { slug }), answer]]),
  };
}

async function storedRow(db: Db, table: SlugTable, where: ReturnType<typeof eq>): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(where, isNull(table.deletedAt)))
    .limit(1);
  return row as Row | undefined;
}

/** GET `<path>?preview` from signed-in staff: the stored item there (undefined: render as usual). */
export async function storedPreview(
  app: Pick<AppContext, 'db' | 'clock'>,
  req: Request,
): Promise<ContentPreview | undefined> {
  const { db } = app;
  if (!asksForPreview(req)) return undefined;
  const item = itemAt(req.path);
  if (!item || !(await signedInStaff(req, db))) return undefined;
  const crud = crudOf(db, item.type);
  // The item at this address, or the one a pending draft moves here (previewed before it goes live).
  const moving = async () => {
    const id = await itemMovingTo(db, item.type, item.slug);
    return id === undefined ? undefined : storedRow(db, crud.table, eq(crud.table.id, id));
  };
  const row = (await storedRow(db, crud.table, eq(crud.table.slug, item.slug))) ?? (await moving());
  if (!row) return undefined;
  const draft = await draftOf(db, item.type, row['id'] as number);
  const values = draft && crud.schema.safeParse(draft.data);
  // The pending draft over the live row, as its publish would store it (one no longer valid: the row).
  const shown = values?.success
    ? { ...row, ...values.data, ...crud.derive?.(values.data, row, app.clock()) }
    : row;
  return previewOf(app, item.type, item.slug, shown);
}

/** Why a posted preview cannot be shown: answered as 400 text in the preview's tab. */
class Refused extends Error {}

/** The item a POSTed preview shows: the form's values over the stored row (when `id` names one). */
async function postedPreview(app: Pick<AppContext, 'db' | 'clock'>, req: Request): Promise<ContentPreview> {
  const { db, clock } = app;
  const item = itemAt(req.path);
  if (!item) throw new Refused('Nothing at this address can be previewed.');
  const form = contentPreviewFormSchema.safeParse(req.body);
  if (!form.success) throw new Refused(form.error.issues.map((i) => i.message).join('; '));
  let raw: unknown;
  try {
    raw = JSON.parse(form.data.values);
  } catch {
    throw new Refused('The values are not JSON.');
  }
  const crud = crudOf(db, item.type);
  const parsed = crud.schema.safeParse(raw);
  if (!parsed.success) {
    throw new Refused(
      parsed.error.issues
        .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
        .join('; '),
    );
  }
  const values = parsed.data as Row & { slug: string };
  if (values.slug !== item.slug) throw new Refused(`The values are for /${values.slug}, not this address.`);
  const existing = form.data.id
    ? await storedRow(db, crud.table, eq(crud.table.id, form.data.id))
    : undefined;
  const now = clock();
  const row: Row = {
    id: 0,
    createdAt: now.toISOString(),
    ...existing,
    ...values,
    ...crud.derive?.(values, existing, now),
    updatedAt: now.toISOString(),
    deletedAt: null,
  };
  return previewOf(app, item.type, item.slug, row);
}

/**
 * POST `<path>?preview`: staff only (401), from the site itself (403, as every staff write), then
 * `render` with the posted item. Without `?preview` the route is not this one.
 */
export function postedPreviewRoute(
  app: Pick<AppContext, 'env' | 'db' | 'clock'>,
  render: (preview: ContentPreview) => RequestHandler,
): RequestHandler[] {
  return [
    (req, _res, next) => next(asksForPreview(req) ? undefined : 'route'),
    express.urlencoded({ extended: false, limit: '300kb' }),
    requireStaff(app.db),
    sameOriginWrites(app.env),
    async (req, res, next) => {
      let preview: ContentPreview;
      try {
        preview = await postedPreview(app, req);
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        res
          .status(400)
          .setHeader('Cache-Control', 'no-store')
          .type('text/plain')
          .send(`Cannot preview: ${err.message}`);
        return;
      }
      await render(preview)(req, res, next);
    },
  ];
}
