import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler } from 'express';
import { parse as parseCookie } from 'cookie';
import { STAFF_COOKIE } from '../admin/staff-session';

interface Entry {
  etag: string;
  body: Buffer;
  /** Compressed once when cached, not per request. */
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  contentType: string;
  cacheControl: string | undefined;
}

/**
 * In-memory cache of public, published-only GET answers (content lists and items). Every write that
 * can change public content calls `invalidate()` (and, with PostgreSQL, tells the other instances
 * through NOTIFY), so a CMS change shows at the next page load. Signed-in staff bypass the cache:
 * they may see drafts.
 */
export function createPublicCache(opts: { maxEntries?: number } = {}) {
  const maxEntries = opts.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let enabled = true;
  const listeners = new Set<() => void>();

  // Decided with the same parser the session lookup uses, so no spelling of the cookie that signs
  // someone in as staff can slip past it (a draft must never be cached for visitors).
  const carriesStaffCookie = (req: Request) =>
    req.headers.cookie !== undefined && parseCookie(req.headers.cookie)[STAFF_COOKIE] !== undefined;
  const cacheable = (req: Request) => enabled && req.method === 'GET' && !carriesStaffCookie(req);

  /**
   * Answers a hit before the rest of the middleware chain (body parsing, compression, routing), in
   * the encoding the client accepts. Misses go on to `middleware`, which fills the cache.
   */
  const serveHit: RequestHandler = (req, res, next) => {
    const hit = cacheable(req) ? entries.get(req.originalUrl) : undefined;
    if (!hit) return next();
    res.setHeader('ETag', hit.etag);
    res.setHeader('X-Cache', 'HIT');
    res.setHeader('Vary', 'Accept-Encoding');
    if (hit.cacheControl) res.setHeader('Cache-Control', hit.cacheControl);
    if (req.headers['if-none-match'] === hit.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = hit.body;
    if (hit.br && /\bbr\b/.test(accept)) {
      body = hit.br;
      res.setHeader('Content-Encoding', 'br');
    } else if (hit.gzip && /\bgzip\b/.test(accept)) {
      body = hit.gzip;
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.setHeader('Content-Type', hit.contentType);
    res.setHeader('Content-Length', String(body.length));
    res.statusCode = 200;
    res.end(body);
  };

  /** On the public routes: remembers their 200 JSON answers. */
  const middleware: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const started = generation;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode === 200 && started === generation) {
        const buf = Buffer.from(JSON.stringify(body));
        // The same weak ETag Express computes, so cached and uncached answers agree.
        const etag = `W/"${buf.length.toString(16)}-${createHash('sha1').update(buf).digest('base64').slice(0, 27)}"`;
        const compress = buf.length >= 1024;
        const cacheControl = res.getHeader('Cache-Control');
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, {
          etag,
          body: buf,
          br: compress
            ? brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : undefined,
          gzip: compress ? gzipSync(buf, { level: 9 }) : undefined,
          contentType: 'application/json; charset=utf-8',
          cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
        });
      }
      res.setHeader('X-Cache', 'MISS');
      return json(body);
    };
    next();
  };

  /** Forget everything (a write happened here or on another instance). */
  const invalidate = () => {
    generation++;
    entries.clear();
  };

  /** After a successful write, drop the cache and tell the listeners (other instances). */
  const invalidateOnWrite: RequestHandler = (_req, res, next) => {
    res.on('finish', () => {
      if (res.statusCode < 400) {
        invalidate();
        for (const l of listeners) l();
      }
    });
    next();
  };

  return {
    serveHit,
    middleware,
    invalidate,
    invalidateOnWrite,
    /** Without a way to hear other instances' writes, caching would serve stale content: turn it off. */
    disable: () => {
      enabled = false;
      invalidate();
    },
    onLocalWrite: (listener: () => void) => listeners.add(listener),
    size: () => entries.size,
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
