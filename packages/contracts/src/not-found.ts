import type { SiteRouteId } from './site-routes';

/**
 * The heading a missing page shows, once: the page renders it as its `<h1>` and the server's 404 head
 * takes the same words as its title (and og/twitter title), so the two cannot drift apart. A route that
 * names what is missing has its own words; anything else (unknown paths, CMS pages) is the site's.
 */
export const NOT_FOUND_HEADINGS = {
  page: 'Page Not Found',
  'blog-post': 'Article Not Found',
  'case-study': 'Case Study Not Found',
  service: 'Service Not Found',
  'resource-access': 'Resource Not Found',
} as const satisfies Partial<Record<SiteRouteId, string>> & { page: string };

/** The heading (and 404 title) of a missing page on route `routeId`; the site's for any other route. */
export const notFoundHeading = (routeId?: string): string =>
  NOT_FOUND_HEADINGS[routeId as keyof typeof NOT_FOUND_HEADINGS] ?? NOT_FOUND_HEADINGS.page;
