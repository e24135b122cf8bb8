/**
 * Visitors' pages in the public cache: the cache key, who may share a page, the rate limit on
 * renders no cache answered, and the one render per key (render-flight.ts) with its stale copies.
 * Decides what to answer (page-answer.ts); sends nothing.
 */
import type { Request } from 'express';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { REMOTE_NAMES, previewTypeOf, type PageKind, type RemotesManifest } from '@agency/contracts';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { carriesStaffCookie, getStaffSession } from '../../http/staff-session';
import type { KeptCopy, PublicCache } from '../../http/public-cache';
import { matchPublicRead, type ContentTag } from '../../http/public-reads';
import { carriesFlash } from '../../forms/form-flash';
import type { PageAddress } from '../page-address';
import { clientAddress } from '../../http/client-address';
import { renderFlights, within } from './render-flight';
import type { PageAnswer, RenderedPage } from './page-answer';

/** Uncached page renders one client may cause per minute (times RATE_LIMIT_SCALE). */
export const UNCACHED_RENDERS_PER_MINUTE = 300;

/**
 * The content a page's head is built from: the site name and description (settings), and on an
 * item's page (a kind some type's `siteRoute` names) that type's item.
 */
const headTags = (kind: PageKind): ContentTag[] => {
  const type = previewTypeOf(kind);
  return type ? ['site-settings', type] : ['site-settings'];
};

/**
 * The content families a page was built from: its head's, and those of every API answer its render
 * read. Undefined when it read an answer that is not kept (a live download count), or an unknown one:
 * such a page is rendered for every visitor.
 */
export function pageTags(kind: PageKind, apiPaths: readonly string[]): ContentTag[] | undefined {
  const tags = new Set<ContentTag>(headTags(kind));
  for (const p of apiPaths) {
    const read = matchPublicRead(p.replace(/^\/api/, '').replace(/\?.*$/, ''))?.read;
    if (!read || read.uncached) return undefined;
    for (const t of read.tags) tags.add(t);
  }
  return [...tags];
}

/**
 * Pages for visitors are kept in the public cache like API answers: keyed by the page's canonical
 * address (path and the parameters its route reads, see page-address.ts), the shell build and the
 * versions of the remotes (a rebuild, release or rollback changes the key), tagged with the content
 * they show (a staff write to that content drops them, here and on every instance). The render gets
 * the very same address. Staff and anything but a complete 200 are rendered every time; HEAD is
 * answered from GET's entry.
 */
export const pageCacheKey = (address: PageAddress, shellStamp: number, manifest: RemotesManifest) =>
  `page:${address.path}${address.search}#${shellStamp}|${REMOTE_NAMES.map((n) => manifest.remotes[n].entry).join('|')}`;

/** A form's outcome (flash cookie) is this visitor's alone: such a page is rendered and never kept. */
export const sharedRequest = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && !carriesStaffCookie(req) && !carriesFlash(req);

/** A visitor's page, the same for everyone at its key: what a render gives, and whether it was kept. */
export type SharedRender = RenderedPage & { stored: boolean };

export function pageCache(env: Env, db: Db, log: Logger, cache: PublicCache) {
  /**
   * Renders that no cache answered, per client (staff excepted): a page costs tens of milliseconds
   * of CPU, so one client asking for page after page nobody asked for before (unknown slugs, every
   * spelling of a query) is refused with 429 past this, while cached pages stay free.
   */
  const uncachedRenders = new RateLimiterMemory({
    keyPrefix: 'uncached-renders',
    points: Math.max(1, Math.floor(UNCACHED_RENDERS_PER_MINUTE * env.RATE_LIMIT_SCALE)),
    duration: 60,
  });

  /** Whether `req` may not cause an uncached render (staff excepted): the refusal to answer, or undefined. */
  async function refusal(req: Request): Promise<PageAnswer | undefined> {
    if (carriesStaffCookie(req) && (await getStaffSession(req, db, { activity: false }))) return undefined;
    const refused = await uncachedRenders.consume(clientAddress(req)).then(
      () => undefined,
      (rejection: unknown) => (rejection instanceof RateLimiterRes ? rejection : undefined),
    );
    if (!refused) return undefined;
    return { kind: 'refused', retryAfterSeconds: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)) };
  }

  const flights = renderFlights<SharedRender>();
  const kept = (entry: KeptCopy['entry'], stale = false): PageAnswer => ({ kind: 'kept', entry, stale });

  /**
   * A visitor's page (render-flight.ts, docs/performance.md): a fresh hit is answered as such.
   * Otherwise one render per key at a time, whose page every visitor asking meanwhile gets. A copy
   * that only aged out is sent at once, marked stale, while one render refreshes it; one dropped by a
   * change waits for the fresh render (a save shows on the next visit), within SSR_BUDGET_MS, and past
   * that is sent stale. With no copy at all, the visitor waits for the render, which has up to
   * RENDER_CAP_FACTOR times the budget before its slow regions are left to the browser.
   */
  async function sharedPage(
    req: Request,
    key: string,
    started: number,
    render: (since: number) => Promise<SharedRender>,
  ): Promise<PageAnswer> {
    const hit = cache.lookup(key);
    if (hit) return kept(hit);
    const background = (flight: Promise<unknown>) =>
      flight.catch((err: unknown) => log.warn({ err, path: req.path }, 'background page render failed'));
    const copy = cache.keptCopy(key);
    // A change since a flight began makes its page old: a request after it starts its own flight.
    const since = cache.mark();
    const flightKey = `${since}@${key}`;
    let flight = flights.joining(flightKey);
    if (copy && !copy.changed) {
      if (!flight) void background(flights.lead(flightKey, () => render(since)));
      return kept(copy.entry, true);
    }
    const leader = !flight;
    let refusedHere: PageAnswer | undefined;
    // Led at once (the rate limit is asked inside): a request arriving meanwhile joins this flight.
    flight ??= flights.lead(flightKey, async () => {
      refusedHere = await refusal(req);
      if (refusedHere) throw new Error('uncached render refused (429 sent)');
      return render(since);
    });
    let page: SharedRender;
    try {
      if (copy) {
        const first = await within(flight, env.SSR_BUDGET_MS);
        if (first === 'late') {
          void background(flight);
          return kept(copy.entry, true);
        }
        page = first.value;
      } else page = await flight;
    } catch (err) {
      if (refusedHere) return refusedHere;
      if (leader) throw err;
      // The render this request waited for failed (or its client was refused): it renders for itself.
      const refused = await refusal(req);
      if (refused) return refused;
      page = await render(cache.mark());
    }
    const { stored, ...rendered } = page;
    if (stored && !leader) {
      // The page is kept now: answered as the hit it is (ETag, compression).
      const now = cache.lookup(key);
      if (now) return kept(now);
    }
    return {
      kind: 'page',
      page: { ...rendered, renderMs: leader ? performance.now() - started : 0 },
      ...(stored && leader ? { miss: true as const } : {}),
    };
  }

  /** Keeps a visitor's complete page at `key`, tagged with the content it shows. */
  function keep(key: string, html: string, tags: readonly ContentTag[], since: number) {
    cache.store(
      key,
      { body: html, contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' },
      { tags, since },
    );
  }

  return { refusal, sharedPage, keep };
}
