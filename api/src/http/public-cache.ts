import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { STAFF_COOKIE } from '../admin/staff-session';

interface Entry {
  etag: string;
  body: Buffer;
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
  const listeners = new Set<() => void>();

  let enabled = true;
  const middleware: RequestHandler = (req, res, next) => {
    if (!enabled || req.method !== 'GET' || (req.headers.cookie ?? '').includes(`${STAFF_COOKIE}=`))
      return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit) {
      res.setHeader('ETag', hit.etag);
      res.setHeader('X-Cache', 'HIT');
      if (hit.cacheControl) res.setHeader('Cache-Control', hit.cacheControl);
      if (req.headers['if-none-match'] === hit.etag) {
        res.status(304).end();
        return;
      }
      res.status(200).type(hit.contentType).send(hit.body);
      return;
    }
    const started = generation;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode === 200 && started === generation) {
        const buf = Buffer.from(JSON.stringify(body));
        const etag = `W/"${buf.length.toString(16)}-${createHash('sha1').update(buf).digest('base64').slice(0, 27)}"`;
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        const cacheControl = res.getHeader('Cache-Control');
        entries.set(key, {
          etag,
          body: buf,
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
  const invalidateOnWrite: RequestHandler = (req, res, next) => {
    res.on('finish', () => {
      if (res.statusCode < 400) {
        invalidate();
        for (const l of listeners) l();
      }
    });
    next();
  };

  return {
    middleware,
    /** Without a way to hear other instances' writes, caching would serve stale content: turn it off. */
    disable: () => {
      enabled = false;
      invalidate();
    },
    invalidate,
    invalidateOnWrite,
    onLocalWrite: (listener: () => void) => listeners.add(listener),
    size: () => entries.size,
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
