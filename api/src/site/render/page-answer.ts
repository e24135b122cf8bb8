/**
 * What the page renderer answers a request with, and the one place that sends it: a page kept in the
 * public cache (a hit, or a stale copy), a refusal (too many uncached renders), or a page rendered for
 * this request. The renderer decides what; sendPage decides every header.
 */
import type { Request, Response } from 'express';
import type { ContentTag } from '../../http/public-reads';
import type { PublicCache } from '../../http/public-cache';
import type { Entry } from '../../http/cached-answer';
import { TOO_MANY_REQUESTS } from '../../http/rate-limit';
import { markShared } from '../../http/shared-cache';
import { isGone } from '../old-addresses';

export interface RenderedPage {
  status: number;
  html: string;
  /** Signed-in staff get their own render (drafts); it must never be stored for anyone else. */
  personal: boolean;
  /** Milliseconds the server spent on the page (head, data and render), for Server-Timing. */
  renderMs: number;
  /** A visitor's page built from these content families: a shared cache in front may keep it. */
  tags?: readonly ContentTag[] | undefined;
}

export type PageAnswer =
  /** A page the cache holds: sent as a hit (ETag, compression), or marked stale. */
  | { kind: 'kept'; entry: Entry; stale: boolean }
  /** Too many uncached renders for this client: 429, come back in `retryAfterSeconds`. */
  | { kind: 'refused'; retryAfterSeconds: number }
  /** A page rendered for this request; `miss`: it was rendered and kept just now (X-Cache: MISS). */
  | { kind: 'page'; page: RenderedPage; miss?: true };

/** Sends `answer`. `noindex`: a staff preview of content, never indexed. */
export function sendPage(
  req: Request,
  res: Response,
  cache: PublicCache,
  answer: PageAnswer,
  { noindex = false }: { noindex?: boolean } = {},
): void {
  if (answer.kind === 'kept') return cache.send(req, res, answer.entry, { stale: answer.stale });
  if (answer.kind === 'refused') {
    res
      .status(429)
      .setHeader('Retry-After', String(answer.retryAfterSeconds))
      .setHeader('Cache-Control', 'no-store')
      .type('text/plain')
      .send(TOO_MANY_REQUESTS);
    return;
  }
  const { page } = answer;
  if (answer.miss) res.setHeader('X-Cache', 'MISS');
  if (noindex) res.setHeader('X-Robots-Tag', 'noindex');
  // A visitor's complete page: a shared cache in front may keep it (http/shared-cache.ts decides).
  if (page.tags && !page.personal) markShared(res, { tags: page.tags, page: true });
  res
    // A trashed item's address: its missing-page render, answered Gone (old-addresses.ts).
    .status(page.status === 404 && isGone(res) ? 410 : page.status)
    .setHeader('Server-Timing', `render;dur=${page.renderMs.toFixed(1)}`)
    .setHeader('Cache-Control', page.personal ? 'private, no-store' : 'no-cache')
    .type('html')
    .send(page.html);
}
