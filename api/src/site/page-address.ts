import type { Request, Response } from 'express';
import { matchSiteRoute, type SiteRoute } from '@agency/contracts';
import { wasAbsoluteForm } from '../http/request-target';

/**
 * Query parameters a page reads, by route id: part of its render and of its cache key. Everything
 * else in a query string (utm_*, gclid, fbclid, msclkid, any other tracking or cache-busting
 * parameter) changes nothing on the page, so the page is rendered and cached without it. No page
 * reads one today; a route that starts to must be listed here.
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {};

/** One page address: the path everything (renderer, cache key, head, canonical link) uses. */
export interface PageAddress {
  /** The canonical path: lower case, one slash between segments, no trailing slash, minimal escapes. */
  path: string;
  /** `?a=1&b=2` of the parameters the route reads (sorted), or ''. */
  search: string;
  /** The route the path belongs to (undefined: no route, the page is a 404). */
  route: SiteRoute | undefined;
}

export type PageTarget =
  { kind: 'page'; address: PageAddress } | { kind: 'redirect'; location: string } | { kind: 'bad-request' };

const rawPathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * The canonical spelling of a page path: decoded once, every empty segment dropped (repeated and
 * trailing slashes), lower case (every route and every slug is lower case: SLUG_PATTERN), each
 * segment escaped once. Undefined for a malformed escape. It always starts with exactly one `/` and
 * a segment never holds a `/` or `\` unescaped, so as a Location it never leaves the site.
 */
export function canonicalPagePath(rawPath: string): string | undefined {
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (!raw) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    segments.push(encodeURIComponent(decoded.toLowerCase()));
  }
  return `/${segments.join('/')}`;
}

/** The kept parameters of a query string, sorted: the route's own, nothing else. */
function keptSearch(route: SiteRoute | undefined, query: string): string {
  const names = route ? PAGE_QUERY_PARAMS[route.id] : undefined;
  if (!names?.length || !query) return '';
  const params = new URLSearchParams(query);
  const kept = [...params].filter(([name]) => names.includes(name)).sort(([a], [b]) => (a < b ? -1 : 1));
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
}

/**
 * What a page request's target means, decided before anything renders or is cached: the page at
 * its canonical address, or a 301 to that address when the request spelled it otherwise (other
 * case, extra slashes, needless escapes, an absolute-form target). The query string rides along on
 * the redirect as given (campaign parameters reach analytics); the page itself keeps only what its
 * route reads.
 */
export function pageTarget(req: Request): PageTarget {
  const url = req.url;
  const q = url.indexOf('?');
  const rawPath = rawPathOf(url);
  const query = q === -1 ? '' : url.slice(q + 1);
  const path = canonicalPagePath(rawPath);
  if (path === undefined) return { kind: 'bad-request' };
  if (path !== rawPath || wasAbsoluteForm(req))
    return { kind: 'redirect', location: q === -1 ? path : `${path}?${query}` };
  const route = matchSiteRoute(path)?.route;
  return { kind: 'page', address: { path, search: keptSearch(route, query), route } };
}

/** `location` with the query string of `url` carried over (campaign parameters reach the new page). */
export function withQueryOf(location: string, url: string): string {
  const q = url.indexOf('?');
  const query = q === -1 ? '' : url.slice(q + 1);
  return query ? `${location}${location.includes('?') ? '&' : '?'}${query}` : location;
}

/** Answers a permanent redirect to `location`, which shared caches and browsers may keep `maxAge` seconds. */
export function movedPermanently(res: Response, location: string, maxAge: number) {
  res
    .status(301)
    .setHeader('Location', location)
    .setHeader('Cache-Control', `public, max-age=${maxAge}`)
    .type('text/plain')
    .send(`Moved Permanently. Redirecting to ${location}`);
}
