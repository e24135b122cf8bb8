/**
 * Old addresses keep working (docs/cms.md, Redirects). A public item whose slug changes leaves a
 * permanent redirect from its old address; staff add, delete, import and export redirects; a trashed
 * public item's address is Gone (410) until it is restored.
 *
 * The stored redirects are always collapsed: no `to_path` is also a `from_path`, so every redirect is
 * one hop and no loop can exist (A→B then B→C stores A→C and B→C; moving C back to A deletes A→C,
 * A being a live address again). The site answers them from memory (`redirectAnswers`): one load at
 * start and after each change here or, through NOTIFY, on another instance; requests cost no query.
 */
import { Router } from 'express';
import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  CONTENT_TYPES,
  RedirectMessages,
  redirectImportSchema,
  redirectInputSchema,
  sitePath,
  type ContentType,
  type ContentTypeInfo,
  type Redirect,
  type RedirectImportResult,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { CONTENT_TABLES, redirects } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { adminIdParams, ErrorCode } from '@agency/contracts';
import { toCsv } from './leads-router';
import { setAuditSummary } from './audit-summary';

type Row = Record<string, unknown>;
type Source = Redirect['source'];

/** Top-level segments the server answers itself: never a page, so never redirected. */
const SERVER_SEGMENTS = new Set([
  'api',
  'cms',
  'forms',
  'uploads',
  'remotes',
  'releases',
  'assets',
  'healthz',
]);

/**
 * A page path as the site spells it (see site/page-address.ts): decoded once, empty segments dropped,
 * lower case, each segment escaped once. Undefined when it is not a page path of this site.
 */
export function pagePathOf(raw: string): string | undefined {
  if (!raw.startsWith('/') || raw.startsWith('//') || /[?#\s\\]/.test(raw)) return undefined;
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    if (!part) continue;
    try {
      segments.push(encodeURIComponent(decodeURIComponent(part).toLowerCase()));
    } catch {
      return undefined;
    }
  }
  return `/${segments.join('/')}`;
}

const refused = (field: 'from' | 'to', message: string) =>
  new HttpError(400, ErrorCode.VALIDATION, message, { [field]: message });

/** The old address of a redirect: a page path on this site, not the home page or a server path. */
function fromPathOf(raw: string): string {
  const path = pagePathOf(raw);
  if (!path || path === '/') throw refused('from', RedirectMessages.from);
  const first = path.split('/')[1]!;
  if (SERVER_SEGMENTS.has(first) || /\.[a-z0-9]+$/i.test(path))
    throw refused('from', RedirectMessages.reserved);
  return path;
}

/** The new address: a page path on this site (its query kept) or an absolute http(s) URL. */
function toPathOf(raw: string): string {
  if (/^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // refused below
    }
    throw refused('to', RedirectMessages.to);
  }
  const q = raw.indexOf('?');
  const path = pagePathOf(q === -1 ? raw : raw.slice(0, q));
  if (!path) throw refused('to', RedirectMessages.to);
  return q === -1 ? path : `${path}${raw.slice(q)}`;
}

/** The public address of an item of `type` with `slug`; undefined for a type without a page. */
export function publicPathOf(type: ContentType, slug: unknown): string | undefined {
  const route = (CONTENT_TYPES[type] as ContentTypeInfo).siteRoute;
  if (!route || typeof slug !== 'string' || !slug) return undefined;
  return sitePath(route, { slug });
}

/** The path part of a target (absolute URLs are never a redirect's old address). */
const pathPart = (to: string) => (to.startsWith('/') ? to.split('?')[0]! : undefined);

/**
 * Stores from → to (collapsed): a target that itself redirects is followed to its end; redirects
 * that led to `from` now lead to the same end. 400 (loop) when the end is `from` itself.
 */
async function storeRedirect(tx: Db, from: string, to: string, source: Source): Promise<Redirect> {
  let end = to;
  for (let hops = 0; hops < 50; hops++) {
    const next = pathPart(end);
    if (next === undefined) break;
    if (next === from) throw refused('to', hops === 0 ? RedirectMessages.same : RedirectMessages.loop);
    const [hop] = await tx
      .select({ toPath: redirects.toPath })
      .from(redirects)
      .where(eq(redirects.fromPath, next));
    if (!hop) break;
    end = hop.toPath;
  }
  await tx
    .update(redirects)
    .set({ toPath: end })
    .where(sql`split_part(${redirects.toPath}, '?', 1) = ${from}`);
  const [stored] = await tx
    .insert(redirects)
    .values({ fromPath: from, toPath: end, source })
    .onConflictDoUpdate({
      target: redirects.fromPath,
      set: { toPath: end, source, hits: 0, lastHitAt: null, createdAt: sql`now()` },
    })
    .returning();
  return stored as Redirect;
}

/**
 * In the transaction that saved a public item: a published item whose address changed leaves a
 * redirect from the old one; the address it now has (new or changed) is live, so no longer redirects.
 */
export async function addressChanged(tx: Db, type: ContentType, before: Row | undefined, after: Row) {
  const to = publicPathOf(type, after['slug']);
  if (!to) return;
  await tx.delete(redirects).where(eq(redirects.fromPath, to));
  const from = before && publicPathOf(type, before['slug']);
  if (!from || from === to || before['published'] !== true) return;
  await storeRedirect(tx, from, to, 'slug');
}

// ---- the answers the site gives from memory ------------------------------------------------------

export interface RedirectAnswers {
  /** 301 target of a page path, 'gone' for a trashed item's address, undefined for anything else. */
  lookup(path: string): Promise<string | 'gone' | undefined>;
  /** Loads the redirects again (after a change here, or one heard from another instance). */
  reload(): Promise<void>;
  /** Called after each change made through the staff API on this instance (app.ts tells the others). */
  onChange(listener: () => void): void;
  countHit(path: string): void;
  /** Adds the counted hits to the stored rows. */
  flushHits(): Promise<void>;
}

const ANSWERS = new WeakMap<Db, RedirectAnswers>();

/** How long a page request waits for a (re)load before it is answered without redirects. */
const LOAD_WAIT_MS = 2000;
const FLUSH_EVERY_MS = 30_000;

async function loadAnswers(db: Db) {
  const rows = await db.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects);
  const gone = new Set<string>();
  await Promise.all(
    (Object.keys(CONTENT_TYPES) as ContentType[])
      .filter((type) => (CONTENT_TYPES[type] as ContentTypeInfo).siteRoute)
      .map(async (type) => {
        const table = CONTENT_TABLES[type] as unknown as (typeof CONTENT_TABLES)['blog-posts'];
        const trashed = await db.select({ slug: table.slug }).from(table).where(isNotNull(table.deletedAt));
        for (const { slug } of trashed) gone.add(publicPathOf(type, slug)!);
      }),
  );
  return { redirects: new Map(rows.map((r) => [r.from, r.to])), gone };
}

/** The one set of answers of a database (the router and the site's middleware share it). */
export function redirectAnswers(db: Db): RedirectAnswers {
  const existing = ANSWERS.get(db);
  if (existing) return existing;
  let answers: Awaited<ReturnType<typeof loadAnswers>> | undefined;
  let loading: Promise<void> | undefined;
  let again = false;
  const listeners: (() => void)[] = [];
  const hits = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const run = async () => {
    do {
      again = false;
      try {
        answers = await loadAnswers(db);
      } catch {
        // Kept as they were; the next change or start loads again.
      }
    } while (again);
    loading = undefined;
  };
  const reload = () => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = run();
    return loading;
  };
  const flushHits = async () => {
    if (!hits.size) return;
    const batch = [...hits];
    hits.clear();
    for (const [path, count] of batch) {
      await db
        .update(redirects)
        .set({ hits: sql`${redirects.hits} + ${count}`, lastHitAt: sql`now()` })
        .where(eq(redirects.fromPath, path))
        .catch(() => {});
    }
  };
  const answersOf: RedirectAnswers = {
    async lookup(path) {
      if (!answers || loading) {
        const pending = loading ?? reload();
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([pending, new Promise((done) => (wait = setTimeout(done, LOAD_WAIT_MS)))]);
        clearTimeout(wait);
      }
      if (!answers) return undefined;
      return answers.redirects.get(path) ?? (answers.gone.has(path) ? 'gone' : undefined);
    },
    reload,
    onChange: (listener) => void listeners.push(listener),
    countHit(path) {
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          void flushHits();
        }, FLUSH_EVERY_MS);
        timer.unref();
      }
    },
    flushHits,
  };
  Object.assign(answersOf, {
    changed: async () => {
      await reload();
      for (const listener of listeners) listener();
    },
  });
  ANSWERS.set(db, answersOf);
  return answersOf;
}

/** After a write through the Redirects API: this instance loads again, the others hear it (app.ts). */
const changed = (db: Db) =>
  (redirectAnswers(db) as RedirectAnswers & { changed: () => Promise<void> }).changed();

// ---- the staff API ---------------------------------------------------------------------------------

/** Every redirect path the sitemap must leave out. */
export async function redirectedPaths(db: Db): Promise<Set<string>> {
  const rows = await db.select({ from: redirects.fromPath }).from(redirects);
  return new Set(rows.map((r) => r.from));
}

const CSV_COLUMNS = [
  { header: 'from', value: (r: Row) => r['fromPath'] },
  { header: 'to', value: (r: Row) => r['toPath'] },
  { header: 'hits', value: (r: Row) => r['hits'] },
  { header: 'source', value: (r: Row) => r['source'] },
  { header: 'created', value: (r: Row) => r['createdAt'] },
];

/** RFC 4180 fields: quotes around a field may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * GET /redirects (newest first, hits counted so far included), POST /redirects {from, to},
 * DELETE /redirects/:id, GET /redirects.csv, POST /redirects/import {csv}.
 */
export function redirectsRouter(db: Db) {
  const router = Router();
  const answers = redirectAnswers(db);

  const list = async () => {
    await answers.flushHits();
    return (await db
      .select()
      .from(redirects)
      .orderBy(sql`${redirects.createdAt} desc`, asc(redirects.id))) as Redirect[];
  };

  router.get('/redirects', async (_req, res) => {
    res.json(await list());
  });

  router.get('/redirects.csv', async (_req, res) => {
    res.setHeader('Content-Disposition', 'attachment; filename="redirects.csv"');
    res.type('text/csv; charset=utf-8').send(toCsv(CSV_COLUMNS, (await list()) as unknown as Row[]));
  });

  router.post('/redirects', async (req, res) => {
    const { from, to } = parseBody(redirectInputSchema, req);
    const fromPath = fromPathOf(from);
    const toPath = toPathOf(to);
    const stored = await db.transaction((tx) =>
      storeRedirect(tx as unknown as Db, fromPath, toPath, 'manual'),
    );
    await changed(db);
    setAuditSummary(res, `${stored.fromPath} → ${stored.toPath}`);
    res.status(201).json(stored);
  });

  router.post('/redirects/import', async (req, res) => {
    const { csv } = parseBody(redirectImportSchema, req);
    const rows = parseCsv(csv).filter((r) => r.some((f) => f.trim()));
    const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
    const fromAt = header.indexOf('from');
    const toAt = header.indexOf('to');
    if (fromAt === -1 || toAt === -1 || rows.length < 2) {
      throw new HttpError(400, ErrorCode.VALIDATION, RedirectMessages.csvEmpty, {
        csv: RedirectMessages.csvEmpty,
      });
    }
    const result: RedirectImportResult = { added: 0, refused: [] };
    await db.transaction(async (tx) => {
      for (const [i, row] of rows.slice(1).entries()) {
        const from = (row[fromAt] ?? '').trim();
        const to = (row[toAt] ?? '').trim();
        try {
          await storeRedirect(tx as unknown as Db, fromPathOf(from), toPathOf(to), 'import');
          result.added++;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          result.refused.push({ line: i + 2, from, to, message: err.message });
        }
      }
    });
    await changed(db);
    setAuditSummary(res, `${result.added} added, ${result.refused.length} refused`);
    res.json(result);
  });

  router.delete('/redirects/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const [gone] = await db
      .delete(redirects)
      .where(inArray(redirects.id, [id]))
      .returning({ fromPath: redirects.fromPath, toPath: redirects.toPath });
    if (!gone) throw notFound(RedirectMessages.notFound);
    await changed(db);
    setAuditSummary(res, `${gone.fromPath} → ${gone.toPath}`);
    res.status(204).end();
  });

  return router;
}
