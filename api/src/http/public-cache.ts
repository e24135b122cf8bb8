// The public cache: answers kept in memory by canonical URL and dropped by content family when a staff
// write, another instance's NOTIFY or a scheduled publish changes them; kept copies for stale serving;
// paused while the LISTEN link is down. The entry itself is cached-answer.ts, its doors cached-public-reads.ts.
import type { Request, Response } from 'express';
import {
  DEFAULT_SHARED_CACHE,
  HTML_KEY,
  NOT_FOUND_SECONDS,
  sharedCacheControl,
  surrogateHeaders,
  type SharedCacheSettings,
  type SharedMark,
} from './shared-cache';
import { CONTENT_TAGS, isContentTag, type ContentTag } from './public-reads';
import { entryOf, sendEntry, type CachedAnswer, type Entry, type StoreOptions } from './cached-answer';
import { createScheduledExpiry, type DueTimes } from './scheduled-expiry';
import { createAwayProbe } from './database-away-probe';
import { cachedPublicReads } from './cached-public-reads';

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
   * ...unless the database itself does not answer either (the probe): then what is held is answered as
   * it is, marked stale, rather than a 503 (stale-if-error). Only away while paused.
   */
  const database = createAwayProbe(() => paused);
  const entries = new Map<string, Entry>();
  /** Copies that left `entries` (dropped or expired), servable as stale until `until` (wall clock). */
  const kept = new Map<string, KeptCopy & { until: number }>();
  /** Invalidation clock: `invalidatedAt[tag]` is the tick at which the tag was last invalidated. */
  let clock = 0;
  const invalidatedAt = new Map<ContentTag, number>();
  let enabled = true;
  /** When scheduled content goes live, and the app's clock. */
  const due = createScheduledExpiry();
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
    const seconds =
      status === 404 || status === 410
        ? Math.min(NOT_FOUND_SECONDS, shared.maxAgeSeconds)
        : shared.maxAgeSeconds;
    return [
      'Cache-Control',
      sharedCacheControl(shared, due.cap(mark.tags, seconds)),
      ...surrogateHeaders(mark.page ? [...mark.tags, HTML_KEY] : mark.tags),
    ];
  }

  const mark = () => clock;

  /** Drops the families whose due time has passed. */
  function expireDue(): void {
    const passed = due.passed();
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
    if (database.away()) return entries.get(key);
    if (paused) return undefined;
    expireDue();
    const hit = entries.get(key);
    if (hit && (hit.expiresAt <= due.now() || hit.backstopAt <= Date.now())) {
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
    if (due.reading(options.tags)) return;
    const expiresAt = options.maxAgeMs === undefined ? Infinity : due.now() + options.maxAgeMs;
    entries.delete(key);
    kept.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entryOf(answer, options.tags, expiresAt, backstopMs));
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
    due.changed(tags);
  }

  /**
   * Answers a hit in the encoding the client accepts (304 when its copy is current); `stale`: a kept
   * copy (keptCopy), marked as such.
   */
  function send(req: Request, res: Response, hit: Entry, { stale = false } = {}): void {
    sendEntry(req, res, hit, database.away() || stale);
  }

  const doors = cachedPublicReads({
    enabled: () => enabled,
    paused: () => paused,
    lookup,
    send,
    mark,
    store,
    sharedHeaders,
  });

  return {
    ...doors,
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
    watchDue: (times: DueTimes) => due.watch(times),
    /** Whether a due time of some family is being read (answers of those families are not kept meanwhile). */
    readingDueTimes: () => due.reading(CONTENT_TAGS),
    /** Without a way to hear other instances' writes, caching would serve stale content: turn it off. */
    disable: () => {
      enabled = false;
      invalidate(CONTENT_TAGS);
      kept.clear();
    },
    size: () => entries.size,
    /**
     * How to ask the database whether it answers (`ping`), probed every 500 ms while paused;
     * `changed` hears when it stops or starts answering.
     */
    watchDatabase: (ping: () => Promise<void>, changed?: (away: boolean) => void) =>
      database.watch(ping, changed),
    /**
     * The link that hears other instances' writes is down: keep nothing new and answer reads from the
     * database (what is held may have changed elsewhere). What is held stays, to be answered (stale)
     * while the database does not answer either; `resume` empties it.
     */
    pause: () => {
      paused = true;
      database.start();
    },
    /** The link is back; notifications sent while it was down are lost, so start from empty. */
    resume: () => {
      paused = false;
      database.answers();
      invalidate(CONTENT_TAGS);
    },
    /** Whether held answers are being served stale (the database is away). */
    serving: () => (database.away() ? 'stale' : paused ? 'paused' : 'fresh'),
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
