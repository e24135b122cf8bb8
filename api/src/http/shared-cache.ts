import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { parse as parseCookie } from 'cookie';
import type { ContentTag } from './public-reads';
import { STAFF_COOKIE } from './staff-session';
import { PREVIEW_COOKIE } from './preview-cookie';

/**
 * What a shared cache in front of the instances (Varnish, a CDN) may keep, decided in one place
 * (docs/deploying.md, "A shared cache in front"):
 *
 * - An anonymous public answer (a public API read, a server-rendered page) that the in-process cache
 *   knows the content families of: `public, max-age=0, s-maxage=…, stale-while-revalidate=…,
 *   stale-if-error=…` (browsers revalidate every time, the shared cache holds it), with the families
 *   in `Surrogate-Key` (Varnish xkey, Fastly) and `Cache-Tag` (Cloudflare and the like), so a staff
 *   save purges exactly the answers it changed (shared-cache-purge.ts). Pages also carry HTML_KEY: a
 *   release, promote or rollback changes every page's script addresses.
 * - 404 and 410 the same, for NOT_FOUND_SECONDS only. Redirects keep their own. 5xx: `no-store`.
 * - Anything personal is `private, no-store` and carries no keys: a request with a staff, release
 *   preview, form outcome or canary cookie, an answer that sets a cookie, the CMS and /api/admin, and
 *   pages while a canary runs (see below).
 *
 * Canaries: every page inlines the manifest of the versions its visitor got, so while any canary runs
 * pages are `private, no-store` for everyone (the visitor's draw is a cookie the shared cache cannot
 * key on); the in-process cache keeps each variant as before, so the instances still answer them from
 * memory. Once the canary ends (promote or rollback) pages are shared again, purged by HTML_KEY.
 */

/** Every server-rendered page carries it (besides its families): purged on a release switch. */
export const HTML_KEY = 'html';
/** What a personal answer says. */
export const PRIVATE = 'private, no-store';
/** How long a shared cache may keep a 404 or 410 (a missing slug may be published soon). */
export const NOT_FOUND_SECONDS = 30;

export interface SharedCacheSettings {
  /** s-maxage of a public answer (seconds). */
  maxAgeSeconds: number;
  /** stale-while-revalidate (seconds). */
  staleWhileRevalidateSeconds: number;
  /** stale-if-error (seconds): how long the shared cache may answer with a copy while the origin fails. */
  staleIfErrorSeconds: number;
}

export const DEFAULT_SHARED_CACHE: SharedCacheSettings = {
  maxAgeSeconds: 60,
  staleWhileRevalidateSeconds: 30,
  staleIfErrorSeconds: 86_400,
};

/** SHARED_CACHE_* settings → the policy (a purged cache may hold answers a day, an unpurged one a minute). */
export function sharedCacheSettings(env: {
  SHARED_CACHE_MAX_AGE_SECONDS?: number | undefined;
  SHARED_CACHE_SWR_SECONDS?: number | undefined;
  SHARED_CACHE_STALE_IF_ERROR_SECONDS?: number | undefined;
  SHARED_CACHE_PURGE_URLS?: readonly string[] | undefined;
}): SharedCacheSettings {
  const purged = (env.SHARED_CACHE_PURGE_URLS?.length ?? 0) > 0;
  return {
    maxAgeSeconds: env.SHARED_CACHE_MAX_AGE_SECONDS ?? (purged ? 86_400 : DEFAULT_SHARED_CACHE.maxAgeSeconds),
    staleWhileRevalidateSeconds:
      env.SHARED_CACHE_SWR_SECONDS ?? DEFAULT_SHARED_CACHE.staleWhileRevalidateSeconds,
    staleIfErrorSeconds: env.SHARED_CACHE_STALE_IF_ERROR_SECONDS ?? DEFAULT_SHARED_CACHE.staleIfErrorSeconds,
  };
}

/** The Cache-Control of a shared answer kept `seconds` by the shared cache. */
export const sharedCacheControl = (settings: SharedCacheSettings, seconds = settings.maxAgeSeconds) =>
  `public, max-age=0, s-maxage=${Math.max(0, Math.floor(seconds))}, stale-while-revalidate=${settings.staleWhileRevalidateSeconds}, stale-if-error=${settings.staleIfErrorSeconds}`;

/** The keys of an answer built from `tags`: Surrogate-Key is space-separated, Cache-Tag comma-separated. */
export function surrogateHeaders(keys: readonly string[]): [string, string, string, string] {
  return ['Surrogate-Key', keys.join(' '), 'Cache-Tag', keys.join(',')];
}

/**
 * The cookies that make an answer personal. The form outcome's (forms/form-flash.ts FLASH_COOKIE) and the
 * canary's (site/canary.ts CANARY_COOKIE) by name: http/ imports nothing above it (shared-cache.test.ts
 * checks the names agree).
 */
export const PERSONAL_COOKIES: readonly string[] = [STAFF_COOKIE, PREVIEW_COOKIE, 'form_flash', 'canary'];

/** The request carries a cookie that makes its answers personal (staff, preview, form outcome, canary). */
export function carriesPersonalCookie(req: IncomingMessage): boolean {
  const header = req.headers.cookie;
  if (header === undefined) return false;
  const cookies = parseCookie(header);
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined);
}

const SHARED = Symbol('sharedAnswer');
const CANARY = Symbol('canaryRunning');
type Marked = Response & { [SHARED]?: SharedMark; [CANARY]?: true };

export interface SharedMark {
  /** The content families the answer was built from. */
  tags: readonly ContentTag[];
  /** A server-rendered page (also keyed HTML_KEY, and personal while a canary runs). */
  page?: boolean;
}

/** Marks an answer as public and built from `tags` (the final headers are decided when they go out). */
export const markShared = (res: Response, mark: SharedMark) => {
  (res as Marked)[SHARED] = mark;
};
/** A canary runs: this request's page depends on its visitor's draw. */
export const markCanary = (res: Response) => {
  (res as Marked)[CANARY] = true;
};

const PERSONAL_PATH = /^\/(cms|api\/admin)(\/|$|\?)/i;

/**
 * Mounted first, so its decision is the last one taken when the headers go out (on-headers calls the
 * listeners added last first): routes and the other middleware may say what they like before it.
 * `headersFor(tags, status)` gives Cache-Control and the keys of a shared answer (the public cache's,
 * which caps s-maxage at the next scheduled publish of those families).
 */
export function sharedCacheHeaders(
  headersFor: (mark: SharedMark, status: number) => string[],
): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    onHeaders(res, () => {
      const status = res.statusCode;
      if (PERSONAL_PATH.test(url)) return personal(res);
      if (status >= 500) {
        res.removeHeader('Surrogate-Key');
        res.removeHeader('Cache-Tag');
        if (!/no-store/.test(String(res.getHeader('Cache-Control') ?? '')))
          res.setHeader('Cache-Control', 'no-store');
        return;
      }
      const mark = (res as Marked)[SHARED];
      if (!mark) return;
      if (
        res.getHeader('Set-Cookie') !== undefined ||
        carriesPersonalCookie(req) ||
        (mark.page && (res as Marked)[CANARY])
      )
        return personal(res);
      if (status === 200 || status === 203 || status === 304 || status === 404 || status === 410) {
        const head = headersFor(mark, status);
        for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
      }
    });
    next();
  };
}

function personal(res: Response) {
  res.setHeader('Cache-Control', PRIVATE);
  res.removeHeader('Surrogate-Key');
  res.removeHeader('Cache-Tag');
}
