import { createContext, useContext } from 'react';
import { SITE_ROUTES, type SiteRoute } from '@agency/contracts/site-routes';

/**
 * The site's route table for this page: composed by the server from the pages of every remote's
 * current release (the manifest's `routes`, site-table.ts), the same on the server render and in the
 * browser. Without it (an older server, component tests): the table the shell was built with.
 */
const SiteRoutesContext = createContext<readonly SiteRoute[]>(SITE_ROUTES);
export const SiteRoutesProvider = SiteRoutesContext.Provider;
export const useSiteRoutes = () => useContext(SiteRoutesContext);

/** A manifest's table when it is a list (a tolerant read of what the server sent), else the built-in one. */
export const routesOf = (routes: unknown): readonly SiteRoute[] =>
  Array.isArray(routes) && routes.length ? (routes as SiteRoute[]) : SITE_ROUTES;
