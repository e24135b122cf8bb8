import { navLinks } from '@agency/contracts/site-routes';
import { useSiteRoutes } from '../app/site-routes-context';

/**
 * The header's links, in the order the pages declare (the spec's: Services, About, Case Studies,
 * Blog, Resources); a remote's release adds or removes its own (site-routes.ts navLinks).
 */
export const useHeaderLinks = () => navLinks(useSiteRoutes(), 'header');

/** The footer's company links the pages declare (About, Case Studies, Blog, Resources, Contact). */
export const useFooterLinks = () => navLinks(useSiteRoutes(), 'footer');

/** Spec: highlighted when the path equals / (home link only) or starts with the link's path. */
export function isNavLinkActive(href: string, pathname: string): boolean {
  return href === '/' ? pathname === '/' : pathname.startsWith(href);
}
