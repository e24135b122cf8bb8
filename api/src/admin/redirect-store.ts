/**
 * Old addresses keep working (docs/cms.md, Redirects): how redirects are spelt and stored. A public item
 * whose slug changes leaves a permanent redirect from its old address (addressChanged); staff add, delete,
 * import and export redirects (redirects-router.ts); a trashed public item's address is Gone (410) until
 * it is restored (redirect-answers.ts).
 *
 * The stored redirects are always collapsed: no `to_path` is also a `from_path`, so every redirect is
 * one hop and no loop can exist (A→B then B→C stores A→C and B→C; moving C back to A deletes A→C,
 * A being a live address again).
 */
import { eq, sql } from 'drizzle-orm';
import {
  CONTENT_TYPES,
  RedirectMessages,
  sitePath,
  type ContentType,
  type ContentTypeInfo,
  type Redirect,
  SERVER_PATHS,
  siteRoute,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { redirects } from '../db/schema';
import { HttpError } from '../http/errors';
import { ErrorCode } from '@agency/contracts';

type Row = Record<string, unknown>;
type Source = Redirect['source'];

/**
 * Top-level segments never redirected: the server's own paths, and the CMS (a page, but staff must
 * never lose their way in to a redirect).
 */
const SERVER_SEGMENTS = new Set([...SERVER_PATHS, siteRoute('cms').path.slice(1)]);

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
export function fromPathOf(raw: string): string {
  const path = pagePathOf(raw);
  if (!path || path === '/') throw refused('from', RedirectMessages.from);
  const first = path.split('/')[1]!;
  if (SERVER_SEGMENTS.has(first) || /\.[a-z0-9]+$/i.test(path))
    throw refused('from', RedirectMessages.reserved);
  return path;
}

/** The new address: a page path on this site (its query kept) or an absolute http(s) URL. */
export function toPathOf(raw: string): string {
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
export async function storeRedirect(tx: Db, from: string, to: string, source: Source): Promise<Redirect> {
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

/** Every redirect path the sitemap must leave out. */
export async function redirectedPaths(db: Db): Promise<Set<string>> {
  const rows = await db.select({ from: redirects.fromPath }).from(redirects);
  return new Set(rows.map((r) => r.from));
}
