import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import etag from 'etag';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { carriesStaffCookie } from './staff-session';
import { PRECOMPRESSED } from './content-encoding';
import { isStaffVariant } from './staff-variants';
import { setRoutePattern } from './route-pattern';
import {
  DEFAULT_SHARED_CACHE,
  HTML_KEY,
  NOT_FOUND_SECONDS,
  carriesPersonalCookie,
  markShared,
  sharedCacheControl,
  surrogateHeaders,
  type SharedCacheSettings,
  type SharedMark,
} from './shared-cache';
import {
  CONTENT_TAGS,
  isContentTag,
  matchPublicRead,
  type ContentTag,
  type PublicRead,
} from './public-reads';

/** What a cached answer is: the body as sent (200), compressed once when stored, not per request. */
export interface CachedAnswer {
  body: Buffer | string;
  contentType: string;
  cacheControl?: string | undefined;
}

export interface Entry {
  etag: string;
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  contentType: string;
  cacheControl: string | undefined;
  tags: readonly ContentTag[];
  expiresAt: number;
  /** Wall-clock time (Date.now) after which the entry goes whatever was heard: the backstop. */
  backstopAt: number;
  /** Wall-clock time (Date.now) it was stored: its Age when served stale. */
  storedAt: number;
  /** The headers `send` sets, as a flat name/value list per encoding and Vary (built on first use). */
  heads: Map<string, readonly string[]>;
}

/** Marks an answer the front door served from the cache (its headers are not readable afterwards). */
const servedHit = Symbol('servedHit');

/** HIT or MISS when the public cache answered (the metrics count them), else undefined. */
export function cacheOutcome(res: ServerResponse): string | undefined {
  if ((res as ServerResponse & { [servedHit]?: true })[servedHit]) return 'HIT';
  const header = res.getHeader('X-Cache');
  return typeof header === 'string' ? header : undefined;
}

/** The encodings a cached answer is kept in beside the plain bytes, in our order of preference. */
const STORED_ENCODINGS = PRECOMPRESSED;
/** Express's own negotiation (q-values, `*`, letter case), called on a bare Node request. */
const acceptsEncodings = express.request.acceptsEncodings;
/**
 * Accept-Encoding header → the stored encoding it picks (null: none). Browsers send a handful of
 * spellings; bounded (cleared when full) so no client can grow it.
 */
const negotiated = new Map<string, 'br' | 'gzip' | null>();
function preferredEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const header = req.headers['accept-encoding'] ?? '';
  let token = negotiated.get(header);
  if (token === undefined) {
    token =
      STORED_ENCODINGS.find((v) => acceptsEncodings.call(req as Request, v.token) === v.token)?.token ?? null;
    if (negotiated.size >= 100) negotiated.clear();
    negotiated.set(header, token);
  }
  return token;
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

/** Default backstop: a cached answer lives at most this long (CACHE_MAX_AGE_SECONDS sets it). */
export const DEFAULT_BACKSTOP_MS = 5 * 60_000;

/** Default time a dropped or expired page stays servable as stale (CACHE_STALE_SECONDS sets it). */
export const DEFAULT_STALE_MS = 60_000;

/**
 * A copy kept after it left the cache, for `staleMs`: `changed` when a change to its content dropped
 * it (a visitor then waits for the fresh render, within the render budget), not when it only aged out
 * (a visitor gets it at once while one render refreshes it).
 */
export interface KeptCopy {
  entry: Entry;
  changed: boolean;
}

/** How soon a failed read of the due times is tried again. */
const DUE_RETRY_MS = 60_000;

/** While the LISTEN link is down, how often the database is asked whether it answers at all. */
const PROBE_EVERY_MS = 500;
/** A probe that gets no answer within this long counts as a database away (a host dropping packets). */
const PROBE_TIMEOUT_MS = 2000;

/** The weak ETag Express's own `etag` setting computes (same package), so cached and uncached answers agree. */
const etagOf = (buf: Buffer) => etag(buf, { weak: true });

/**
 * In-memory cache of public answers, keyed by canonical URL and tagged with the content families each
 * was built from. Only successful staff writes invalidate, and only the tags they changed (see
 * public-reads.ts); other instances hear of it through NOTIFY. Requests with a staff cookie bypass it:
 * staff may see drafts.
 */
export function createPublicCache(opts: { maxEntries?: number; backstopMs?: number; staleMs?: number } = {}) {
  const maxEntries = opts.maxEntries ?? 500;
  const backstopMs = opts.backstopMs ?? DEFAULT_BACKSTOP_MS;
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  /** While the link to other instances is down, nothing is kept, and what is held is not answered... */
  let paused = false;
  /**
   * ...unless the database itself does not answer either (the probe below): then what is held is
   * answered as it is, marked stale, rather than a 503 (stale-if-error). Only set while paused.
   */
  let away = false;
  /** Asks the database whether it answers (watchDatabase); probed while paused. */
  let probe: (() => Promise<void>) | undefined;
  let onAway: ((away: boolean) => void) | undefined;
  let probing = false;
  const entries = new Map<string, Entry>();
  /** Copies that left `entries` (dropped or expired), servable as stale until `until` (wall clock). */
  const kept = new Map<string, KeptCopy & { until: number }>();
  /** Invalidation clock: `invalidatedAt[tag]` is the tick at which the tag was last invalidated. */
  let clock = 0;
  const invalidatedAt = new Map<ContentTag, number>();
  let enabled = true;
  let now = () => Date.now();
  let due: DueTimes | undefined;
  /** Per tag: when its answers go stale by themselves (absent: never); 'unknown' while being read. */
  const dueAt = new Map<ContentTag, number | 'unknown'>();
  let dueReads = 0;
  /** What a shared cache in front may do with these answers (shared-cache.ts). */
  let shared: SharedCacheSettings = DEFAULT_SHARED_CACHE;
  /** Hears the families a scheduled publish changed, when this instance sees its time pass. */
  let duePassed: ((tags: readonly ContentTag[]) => void) | undefined;

  /**
   * Cache-Control, Surrogate-Key and Cache-Tag of a shared answer built from `mark.tags`: s-maxage is
   * capped at the next scheduled publish of those families (0 while it is being read), so a shared
   * cache never outlives one even if its purge is late.
   */
  function sharedHeaders(mark: SharedMark, status = 200): string[] {
    let seconds =
      status === 404 || status === 410
        ? Math.min(NOT_FOUND_SECONDS, shared.maxAgeSeconds)
        : shared.maxAgeSeconds;
    for (const t of mark.tags) {
      const at = dueAt.get(t);
      if (at === 'unknown') seconds = 0;
      else if (at !== undefined) seconds = Math.min(seconds, Math.max(0, Math.ceil((at - now()) / 1000)));
    }
    return [
      'Cache-Control',
      sharedCacheControl(shared, seconds),
      ...surrogateHeaders(mark.page ? [...mark.tags, HTML_KEY] : mark.tags),
    ];
  }

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
    if (passed.length) {
      invalidate(passed);
      duePassed?.(passed);
    }
  }

  function keep(key: string, entry: Entry, changed: boolean): void {
    if (staleMs <= 0) return;
    kept.delete(key);
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(key, { entry, changed, until: Date.now() + staleMs });
  }

  /** The copy of `key` kept after it was dropped or expired, while it may still be served stale. */
  function keptCopy(key: string): KeptCopy | undefined {
    if (!enabled || paused) return undefined;
    const copy = kept.get(key);
    if (copy && copy.until <= Date.now()) kept.delete(key);
    return copy && copy.until > Date.now() ? { entry: copy.entry, changed: copy.changed } : undefined;
  }

  function lookup(key: string): Entry | undefined {
    // Stale-if-error: with the database away, anything held beats a 503 (expired or not; nothing is
    // dropped meanwhile, and `resume` empties the cache once the database is back).
    if (away) return entries.get(key);
    if (paused) return undefined;
    expireDue();
    const hit = entries.get(key);
    if (hit && (hit.expiresAt <= now() || hit.backstopAt <= Date.now())) {
      entries.delete(key);
      keep(key, hit, false);
      return undefined;
    }
    return hit;
  }

  function store(key: string, answer: CachedAnswer, options: StoreOptions): void {
    if (!enabled || paused) return;
    expireDue();
    if (options.tags.some((t) => (invalidatedAt.get(t) ?? 0) > options.since)) return;
    // Until the due times are known, an answer might outlive one: not kept.
    if (options.tags.some((t) => dueAt.get(t) === 'unknown')) return;
    const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
    const compress = body.length >= 1024;
    entries.delete(key);
    kept.delete(key);
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
      backstopAt: Date.now() + backstopMs,
      storedAt: Date.now(),
      heads: new Map(),
    });
  }

  function setAway(value: boolean): void {
    if (value === away) return;
    away = value;
    onAway?.(value);
  }

  /** While paused: asks the database every PROBE_EVERY_MS whether it answers (see `away`). */
  function probeLoop(): void {
    if (!paused || !probe) {
      probing = false;
      return;
    }
    probing = true;
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
      }),
    ])
      .then(
        () => setAway(false),
        () => setAway(paused),
      )
      .finally(() => {
        clearTimeout(timer);
        if (!paused) {
          probing = false;
          return;
        }
        setTimeout(probeLoop, PROBE_EVERY_MS).unref();
      });
  }

  /** Drops every answer built from any of `tags` (and any being built right now). */
  function invalidate(tags: readonly ContentTag[]): void {
    if (!tags.length) return;
    clock++;
    for (const t of tags) invalidatedAt.set(t, clock);
    for (const [key, entry] of entries)
      if (entry.tags.some((t) => tags.includes(t))) {
        entries.delete(key);
        keep(key, entry, true);
      }
    // An aged-out copy whose content then changed is no longer merely old.
    for (const copy of kept.values()) if (copy.entry.tags.some((t) => tags.includes(t))) copy.changed = true;
    if (due?.tags.some((t) => tags.includes(t))) refreshDue();
  }

  /**
   * Answers a hit in the encoding the client accepts (304 when its copy is current); `stale`: a kept
   * copy (keptCopy), marked as such.
   */
  function send(req: Request, res: Response, hit: Entry, { stale = false } = {}): void {
    markShared(res, { tags: hit.tags, page: hit.contentType.startsWith('text/html') });
    res.setHeader('ETag', hit.etag);
    res.setHeader('X-Cache', away || stale ? 'STALE' : 'HIT');
    if (away || stale) {
      // RFC 9111's Age, and the (obsolete but still read) RFC 7234 warning for a stale answer.
      res.setHeader('Age', String(Math.max(0, Math.floor((Date.now() - hit.storedAt) / 1000))));
      res.setHeader('Warning', '110 - "Response is Stale"');
    }
    res.setHeader('Vary', 'Accept-Encoding');
    // Here, in this order, as the front door sends it; the value is the shared-cache policy's.
    res.setHeader('Cache-Control', hit.cacheControl ?? 'no-cache');
    // Express's freshness check: If-None-Match lists, `*` and weak comparison, as for uncached answers.
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    // Both compressed copies are kept, or neither (store); the negotiation is the front door's.
    const token = hit.br && hit.gzip ? preferredEncoding(req) : null;
    const body = token ? hit[token]! : hit.body;
    if (token) res.setHeader('Content-Encoding', token);
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

  const publicReads: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = normalize(req);
    if (!match) return next();
    // Its metrics label and log line, known without routing (a hit never gets there).
    setRoutePattern(req, `/api${match.read.path}`);
    req.url = match.url;
    if (!enabled || match.read.uncached || carriesStaffCookie(req)) return next();
    // A public read: a shared cache in front may keep it too (shared-cache.ts decides the headers).
    markShared(res, { tags: match.read.tags });
    // Mounted at /api, which Express matches in any letter case: the key names it in one.
    const key = `/api${req.url}`;
    // HEAD is answered from GET's entry (Node sends the headers, not the body); only GET fills it.
    const hit = lookup(key);
    if (hit) return send(req, res, hit);
    if (req.method !== 'GET') return next();
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

  /**
   * The front door's cache hit (front-door.ts): a GET or HEAD of `/api/…` whose URL this cache has
   * already normalised, with no staff cookie and no conditional header (those take the chain, which
   * answers 304s), found fresh in memory. Undefined for anything else: Express then handles it.
   */
  function knownHit(req: IncomingMessage): { known: KnownUrl; hit: Entry } | undefined {
    const known = normalized.get(req.url!.slice('/api'.length));
    // Stale answers (and misses while paused) take the chain, which marks them.
    if (!known || !enabled || paused || known.read.uncached) return undefined;
    const { headers } = req;
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined)
      return undefined;
    if (carriesPersonalCookie(req)) return undefined;
    const hit = lookup(`/api${known.url}`);
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
    const [, cacheControl, ...keys] = sharedHeaders({ tags: hit.tags });
    for (let i = 0; i < tail.length; i++) {
      head.push(tail[i]!);
      // After ETag, X-Cache and Vary (their names and values): where `send` puts it.
      if (i === 5) head.push('Cache-Control', cacheControl!);
    }
    for (const item of keys) head.push(item);
    (res as ServerResponse & { [servedHit]?: true })[servedHit] = true;
    res.writeHead(200, head);
    res.end(token ? hit[token] : hit.body);
  }

  return {
    publicReads,
    knownHit,
    sendKnownHit,
    lookup,
    keptCopy,
    send,
    mark,
    store,
    invalidate,
    sharedHeaders,
    /** What a shared cache in front may do with public answers (SHARED_CACHE_* settings). */
    setShared: (settings: SharedCacheSettings) => {
      shared = settings;
    },
    /** `listener` hears the families whose scheduled items went live (to purge shared caches). */
    onDuePassed: (listener: (tags: readonly ContentTag[]) => void) => {
      duePassed = listener;
    },
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
      kept.clear();
    },
    size: () => entries.size,
    /**
     * How to ask the database whether it answers (`ping`), probed every PROBE_EVERY_MS while paused;
     * `changed` hears when it stops or starts answering.
     */
    watchDatabase: (ping: () => Promise<void>, changed?: (away: boolean) => void) => {
      probe = ping;
      onAway = changed;
    },
    /**
     * The link that hears other instances' writes is down: keep nothing new and answer reads from the
     * database (what is held may have changed elsewhere). What is held stays, to be answered (stale)
     * while the database does not answer either; `resume` empties it.
     */
    pause: () => {
      paused = true;
      if (!probing) probeLoop();
    },
    /** The link is back; notifications sent while it was down are lost, so start from empty. */
    resume: () => {
      paused = false;
      setAway(false);
      invalidate(CONTENT_TAGS);
    },
    /** Whether held answers are being served stale (the database is away). */
    serving: () => (away ? 'stale' : paused ? 'paused' : 'fresh'),
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

/** A URL (under /api) seen before: its public read, canonical spelling and whether it varies for staff. */
interface KnownUrl {
  read: PublicRead;
  url: string;
  staffVariant: boolean;
}

/**
 * The tags in a cross-instance notification (comma-separated). A payload naming no known tag (an older
 * instance during a rolling deploy sends its pid) drops everything: stale content is the worse error.
 */
export function tagsFromNotification(payload: string): readonly ContentTag[] {
  const tags = payload.split(',').filter(isContentTag);
  return tags.length ? tags : CONTENT_TAGS;
}
