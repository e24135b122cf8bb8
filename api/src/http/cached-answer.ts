// One answer as the public cache keeps it and sends it: the bytes compressed once when stored, their weak
// ETag, the stored encoding each client gets, and the headers of a hit sent through Express.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import etag from 'etag';
import express, { type Request, type Response } from 'express';
import { PRECOMPRESSED } from './content-encoding';
import { markShared } from './shared-cache';
import type { ContentTag } from './public-reads';

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

export interface StoreOptions {
  /** The content families the answer was built from: invalidating any of them drops it. */
  tags: readonly ContentTag[];
  /** `mark()` taken before the answer's data was read: an invalidation since then means it is stale. */
  since: number;
  maxAgeMs?: number | undefined;
}

/** Marks an answer the front door served from the cache (its headers are not readable afterwards). */
const servedHit = Symbol('servedHit');

/** Records that the front door answered `res` from the cache (cacheOutcome reads it). */
export function markServedHit(res: ServerResponse): void {
  (res as ServerResponse & { [servedHit]?: true })[servedHit] = true;
}

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
export function preferredEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
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

/** The weak ETag Express's own `etag` setting computes (same package), so cached and uncached answers agree. */
const etagOf = (buf: Buffer) => etag(buf, { weak: true });

/**
 * The entry kept for `answer`: its ETag, and brotli and gzip copies when it is large enough to gain.
 * `expiresAt` is on the app's clock, `backstopMs` counted from now on the wall clock.
 */
export function entryOf(
  answer: CachedAnswer,
  tags: readonly ContentTag[],
  expiresAt: number,
  backstopMs: number,
): Entry {
  const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
  const compress = body.length >= 1024;
  return {
    etag: etagOf(body),
    body,
    br: compress ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : undefined,
    gzip: compress ? gzipSync(body, { level: 9 }) : undefined,
    contentType: answer.contentType,
    cacheControl: answer.cacheControl,
    tags,
    expiresAt,
    backstopAt: Date.now() + backstopMs,
    storedAt: Date.now(),
    heads: new Map(),
  };
}

/**
 * Answers a hit in the encoding the client accepts (304 when its copy is current); `stale`: marked as
 * such (a kept copy, or anything held while the database is away).
 */
export function sendEntry(req: Request, res: Response, hit: Entry, stale: boolean): void {
  markShared(res, { tags: hit.tags, page: hit.contentType.startsWith('text/html') });
  res.setHeader('ETag', hit.etag);
  res.setHeader('X-Cache', stale ? 'STALE' : 'HIT');
  if (stale) {
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
  // Both compressed copies are kept, or neither (entryOf); the negotiation is the front door's.
  const token = hit.br && hit.gzip ? preferredEncoding(req) : null;
  const body = token ? hit[token]! : hit.body;
  if (token) res.setHeader('Content-Encoding', token);
  res.setHeader('Content-Type', hit.contentType);
  res.setHeader('Content-Length', String(body.length));
  res.statusCode = 200;
  res.end(body);
}
