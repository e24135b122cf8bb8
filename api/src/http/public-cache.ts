import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import etag from 'etag';
import type { Request, RequestHandler, Response } from 'express';
import { carriesStaffCookie } from '../admin/staff-session';
import { acceptedEncoding } from './content-encoding';
import { CONTENT_TAGS, isContentTag, matchPublicRead, type ContentTag } from './public-reads';

/** What a cached answer is: the body as sent (200), compressed once when stored, not per request. */
export interface CachedAnswer {
  body: Buffer | string;
  contentType: string;
  cacheControl?: string | undefined;
}

interface Entry {
  etag: string;
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  contentType: string;
  cacheControl: string | undefined;
  tags: readonly ContentTag[];
  expiresAt: number;
}

export interface StoreOptions {
  /** The content families the answer was built from: invalidating any of them drops it. */
  tags: readonly ContentTag[];
  /** `mark()` taken before the answer's data was read: an invalidation since then means it is stale. */
  since: number;
  maxAgeMs?: number | undefined;
}

/**
 * Answers that change by themselves at a known time: a scheduled item goes live. `nextDue` reads, for
 * each of `tags`, the earliest such time still ahead (null: none); the cache drops a tag's answers once
 * that time has passed, whatever the instance, with no timer and no staff action.
 */
export interface DueTimes {
  tags: readonly ContentTag[];
  /** The app's clock, in ms (injectable: tests move it instead of sleeping). */
  now: () => number;
  nextDue: () => Promise<Partial<Record<ContentTag, number | null>>>;
}

/** How soon a failed read of the due times is tried again. */
const DUE_RETRY_MS = 60_000;

/** The weak ETag Express's own `etag` setting computes (same package), so cached and uncached answers agree. */
const etagOf = (buf: Buffer) => etag(buf, { weak: true });

/**
 * In-memory cache of public answers, keyed by canonical URL and tagged with the content families each
 * was built from. Only successful staff writes invalidate, and only the tags they changed (see
 * public-reads.ts); other instances hear of it through NOTIFY. Requests with a staff cookie bypass it:
 * staff may see drafts.
 */
export function createPublicCache(opts: { maxEntries?: number } = {}) {
  const maxEntries = opts.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  /** Invalidation clock: `invalidatedAt[tag]` is the tick at which the tag was last invalidated. */
  let clock = 0;
  const invalidatedAt = new Map<ContentTag, number>();
  let enabled = true;
  let now = () => Date.now();
  let due: DueTimes | undefined;
  /** Per tag: when its answers go stale by themselves (absent: never); 'unknown' while being read. */
  const dueAt = new Map<ContentTag, number | 'unknown'>();
  let dueReads = 0;

  const mark = () => clock;

  /** Reads the due times again (after a write that may have changed them, or when one passed). */
  function refreshDue(): void {
    if (!due) return;
    const { tags, nextDue } = due;
    const read = ++dueReads;
    for (const t of tags) dueAt.set(t, 'unknown');
    nextDue().then(
      (times) => {
        if (read !== dueReads) return;
        for (const t of tags) {
          const at = times[t];
          if (at === undefined || at === null) dueAt.delete(t);
          else dueAt.set(t, at);
        }
      },
      () => {
        if (read !== dueReads) return;
        for (const t of tags) dueAt.set(t, now() + DUE_RETRY_MS);
      },
    );
  }

  /** Drops the families whose due time has passed. */
  function expireDue(): void {
    const t = now();
    const passed = [...dueAt].filter(([, at]) => at !== 'unknown' && at <= t).map(([tag]) => tag);
    if (passed.length) invalidate(passed);
  }

  function lookup(key: string): Entry | undefined {
    expireDue();
    const hit = entries.get(key);
    if (hit && hit.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return hit;
  }

  function store(key: string, answer: CachedAnswer, options: StoreOptions): void {
    if (!enabled) return;
    expireDue();
    if (options.tags.some((t) => (invalidatedAt.get(t) ?? 0) > options.since)) return;
    // Until the due times are known, an answer might outlive one: not kept.
    if (options.tags.some((t) => dueAt.get(t) === 'unknown')) return;
    const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
    const compress = body.length >= 1024;
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, {
      etag: etagOf(body),
      body,
      br: compress
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : undefined,
      gzip: compress ? gzipSync(body, { level: 9 }) : undefined,
      contentType: answer.contentType,
      cacheControl: answer.cacheControl,
      tags: options.tags,
      expiresAt: options.maxAgeMs === undefined ? Infinity : now() + options.maxAgeMs,
    });
  }

  /** Drops every answer built from any of `tags` (and any being built right now). */
  function invalidate(tags: readonly ContentTag[]): void {
    if (!tags.length) return;
    clock++;
    for (const t of tags) invalidatedAt.set(t, clock);
    for (const [key, entry] of entries) if (entry.tags.some((t) => tags.includes(t))) entries.delete(key);
    if (due?.tags.some((t) => tags.includes(t))) refreshDue();
  }

  /** Answers a hit in the encoding the client accepts (304 when its copy is current). */
  function send(req: Request, res: Response, hit: Entry): void {
    res.setHeader('ETag', hit.etag);
    res.setHeader('X-Cache', 'HIT');
    res.setHeader('Vary', 'Accept-Encoding');
    if (hit.cacheControl) res.setHeader('Cache-Control', hit.cacheControl);
    // Express's freshness check: If-None-Match lists, `*` and weak comparison, as for uncached answers.
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const variant = acceptedEncoding(
      req,
      [
        { token: 'br', body: hit.br },
        { token: 'gzip', body: hit.gzip },
      ].filter((v): v is { token: string; body: Buffer } => v.body !== undefined),
    );
    const body = variant?.body ?? hit.body;
    if (variant) res.setHeader('Content-Encoding', variant.token);
    res.setHeader('Content-Type', hit.contentType);
    res.setHeader('Content-Length', String(body.length));
    res.statusCode = 200;
    res.end(body);
  }

  /**
   * Mounted at /api before everything else. For the public reads it knows (public-reads.ts): refuses
   * unknown query parameters (400), rewrites the URL to its canonical spelling (path case, trailing
   * slash, escapes, parameter order) so every variant is one key and one answer, answers hits, and
   * remembers 200 JSON answers of misses.
   */
  const publicReads: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = matchPublicRead(req.path);
    if (!match) return next();
    const query = match.read.query.parse(req.query);
    const params = new URLSearchParams(
      Object.entries(query)
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ).toString();
    req.url = params ? `${match.path}?${params}` : match.path;
    if (!enabled || match.read.uncached || req.method !== 'GET' || carriesStaffCookie(req)) return next();
    const key = `${req.baseUrl}${req.url}`;
    const hit = lookup(key);
    if (hit) return send(req, res, hit);
    const since = mark();
    res.json = (body: unknown) => {
      // Serialized once, exactly as res.json would (the app's JSON replacer makes timestamps ISO
      // 8601): the bytes stored are the bytes sent, so a hit answers what the miss answered.
      const text = JSON.stringify(body, req.app.get('json replacer') as Parameters<typeof JSON.stringify>[1]);
      if (res.statusCode === 200) {
        const cacheControl = res.getHeader('Cache-Control');
        store(
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

  return {
    publicReads,
    lookup,
    send,
    mark,
    store,
    invalidate,
    /** Follows the due times of scheduled content (read now, and again after every change to it). */
    watchDue: (times: DueTimes) => {
      due = times;
      now = times.now;
      refreshDue();
    },
    /** Without a way to hear other instances' writes, caching would serve stale content: turn it off. */
    disable: () => {
      enabled = false;
      invalidate(CONTENT_TAGS);
    },
    size: () => entries.size,
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

/**
 * The tags in a cross-instance notification (comma-separated). A payload naming no known tag (an older
 * instance during a rolling deploy sends its pid) drops everything: stale content is the worse error.
 */
export function tagsFromNotification(payload: string): readonly ContentTag[] {
  const tags = payload.split(',').filter(isContentTag);
  return tags.length ? tags : CONTENT_TAGS;
}
