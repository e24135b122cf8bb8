// The public cache's two doors for the public reads (public-reads.ts): the /api middleware (canonical
// URL, 400 on unknown parameters, hits answered, 200 JSON misses stored) and the front door's fast path
// for URLs already seen (front-door.ts), which writes a hit's headers and bytes in one go.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { carriesStaffCookie } from './staff-session';
import { isInternalCall } from './internal-call';
import { isStaffVariant } from './staff-variants';
import { setRoutePattern } from './route-pattern';
import { carriesPersonalCookie, markShared, type SharedMark } from './shared-cache';
import { matchPublicRead, type PublicRead } from './public-reads';
import {
  markServedHit,
  preferredEncoding,
  type CachedAnswer,
  type Entry,
  type StoreOptions,
} from './cached-answer';

/** A URL (under /api) seen before: its public read, canonical spelling and whether it varies for staff. */
interface KnownUrl {
  read: PublicRead;
  url: string;
  staffVariant: boolean;
}

/** What the doors need of the cache (public-cache.ts). */
export interface CacheOfReads {
  /** Whether caching is on at all (off without a way to hear other instances' writes). */
  enabled(): boolean;
  /** Whether the link to other instances is down (nothing fresh is answered). */
  paused(): boolean;
  lookup(key: string): Entry | undefined;
  send(req: Request, res: Response, hit: Entry): void;
  mark(): number;
  store(key: string, answer: CachedAnswer, options: StoreOptions): void;
  sharedHeaders(mark: SharedMark): string[];
}

export function cachedPublicReads(cache: CacheOfReads) {
  /**
   * Raw URL (under /api) → its public read and canonical spelling: a repeated request (the common
   * case) skips matching, query validation and re-encoding. Only URLs that validated are kept, and the
   * map is bounded (cleared when full), so no client can grow it.
   */
  const normalized = new Map<string, KnownUrl>();
  const normalize = (req: Request) => {
    const raw = req.url;
    const known = normalized.get(raw);
    if (known) return known;
    const match = matchPublicRead(req.path);
    if (!match) return undefined;
    const query = match.read.query.parse(req.query);
    const params = new URLSearchParams(
      Object.entries(query)
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ).toString();
    const found: KnownUrl = {
      read: match.read,
      url: params ? `${match.path}?${params}` : match.path,
      // Whether staffVariant (mounted by the app before this) answers this URL with Vary: Cookie.
      staffVariant: isStaffVariant(req),
    };
    if (normalized.size >= 2000) normalized.clear();
    normalized.set(raw, found);
    return found;
  };

  /**
   * Mounted at /api before everything else. For the public reads it knows (public-reads.ts): refuses
   * unknown query parameters (400), rewrites the URL to its canonical spelling (path case, trailing
   * slash, escapes, parameter order) so every variant is one key and one answer, answers hits, and
   * remembers 200 JSON answers of misses.
   */
  const publicReads: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = normalize(req);
    if (!match) return next();
    // Its metrics label and log line, known without routing (a hit never gets there).
    setRoutePattern(req, `/api${match.read.path}`);
    req.url = match.url;
    // Staff get their own answer only where they see drafts; elsewhere theirs is everyone's (the way
    // out still marks it private for a shared cache, shared-cache.ts).
    if (!cache.enabled() || match.read.uncached || (match.read.staffSeesDrafts && carriesStaffCookie(req)))
      return next();
    // A public read: a shared cache in front may keep it too (shared-cache.ts decides the headers).
    markShared(res, { tags: match.read.tags });
    // Mounted at /api, which Express matches in any letter case: the key names it in one.
    const key = `/api${req.url}`;
    // HEAD is answered from GET's entry (Node sends the headers, not the body); only GET fills it.
    const hit = cache.lookup(key);
    if (hit) return cache.send(req, res, hit);
    if (req.method !== 'GET') return next();
    const since = cache.mark();
    res.json = (body: unknown) => {
      // Serialized once, exactly as res.json would (the app's JSON replacer makes timestamps ISO
      // 8601): the bytes stored are the bytes sent, so a hit answers what the miss answered.
      const text = JSON.stringify(body, req.app.get('json replacer') as Parameters<typeof JSON.stringify>[1]);
      if (res.statusCode === 200) {
        const cacheControl = res.getHeader('Cache-Control');
        cache.store(
          key,
          {
            body: text,
            contentType: 'application/json; charset=utf-8',
            cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
          },
          { tags: match.read.tags, since },
        );
      }
      res.setHeader('X-Cache', 'MISS');
      if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
      return res.send(text);
    };
    next();
  };

  /**
   * The front door's cache hit (front-door.ts): a GET or HEAD of `/api/…` whose URL this cache has
   * already normalised, with no personal cookie (a server render's read: see below) and no conditional header (those take the chain, which
   * answers 304s), found fresh in memory. Undefined for anything else: Express then handles it.
   */
  function knownHit(req: IncomingMessage): { known: KnownUrl; hit: Entry } | undefined {
    const known = normalized.get(req.url!.slice('/api'.length));
    // Stale answers (and misses while paused) take the chain, which marks them.
    if (!known || !cache.enabled() || cache.paused() || known.read.uncached) return undefined;
    const { headers } = req;
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined)
      return undefined;
    // A personal cookie makes the way out mark the answer private, which the chain does. A server
    // render's own read (internal-api.ts) is never sent on, so it takes the hit whatever its cookies,
    // unless, as in `publicReads`, the read shows staff drafts and it carries staff's cookie.
    if (
      isInternalCall(req) ? known.read.staffSeesDrafts && carriesStaffCookie(req) : carriesPersonalCookie(req)
    )
      return undefined;
    const hit = cache.lookup(`/api${known.url}`);
    return hit && { known, hit };
  }

  /**
   * Answers a `knownHit` from a bare Node request: `head` (the request id and the security headers,
   * name/value flat) and then exactly the headers and bytes `send` (with staffVariant's Vary) gives.
   */
  function sendKnownHit(
    req: IncomingMessage,
    res: ServerResponse,
    head: string[],
    { known, hit }: { known: KnownUrl; hit: Entry },
  ): void {
    setRoutePattern(req as Request, `/api${known.read.path}`);
    const token = hit.br && hit.gzip ? preferredEncoding(req) : null;
    const key = `${token ?? ''}${known.staffVariant ? ' cookie' : ''}`;
    let tail = hit.heads.get(key);
    if (!tail) {
      const body = token ? hit[token]! : hit.body;
      tail = [
        'ETag',
        hit.etag,
        'X-Cache',
        'HIT',
        'Vary',
        known.staffVariant ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
        ...(token ? ['Content-Encoding', token] : []),
        'Content-Type',
        hit.contentType,
        'Content-Length',
        String(body.length),
      ];
      hit.heads.set(key, tail);
    }
    // Cache-Control is not kept with the rest: its s-maxage may count down to a scheduled publish.
    const [, cacheControl, ...keys] = cache.sharedHeaders({ tags: hit.tags });
    for (let i = 0; i < tail.length; i++) {
      head.push(tail[i]!);
      // After ETag, X-Cache and Vary (their names and values): where `send` puts it.
      if (i === 5) head.push('Cache-Control', cacheControl!);
    }
    for (const item of keys) head.push(item);
    markServedHit(res);
    res.writeHead(200, head);
    res.end(token ? hit[token] : hit.body);
  }

  return { publicReads, knownHit, sendKnownHit };
}
