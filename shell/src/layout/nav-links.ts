import { siteLink } from '@agency/contracts/site-routes';

/** The header's links, in the spec's order; paths and labels come from the route registry. */
export const NAV_LINKS = (['services', 'about', 'case-studies', 'blog', 'resources'] as const).map(siteLink);

/** Spec: highlighted when the path equals / (home link only) or starts with the link's path. */
export function isNavLinkActive(href: string, pathname: string): boolean {
  return href === '/' ? pathname === '/' : pathname.startsWith(href);
}
