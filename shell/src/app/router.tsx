import { useMemo } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import type { SiteRoute } from '@agency/contracts/site-routes';
import { routeHead } from '@agency/contracts/page-head';
import { PageHead, RemoteModule } from '@agency/ui/remote-module';
import { RootLayout, SiteLayout } from '../layout/site-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { useSiteRoutes } from './site-routes-context';

/**
 * A route without parameters always has its page, so the head its registry entry declares is the
 * page's (rendered here, whatever its remote does). A route with parameters can miss (an unknown
 * slug or id): its page renders its own head, with the 404 when it has nothing to show.
 */
const ownsNoHead = (r: SiteRoute) => !r.head || r.path.includes(':');

const page = (r: SiteRoute): RouteObject => ({
  path: r.path,
  element: (
    <>
      {ownsNoHead(r) ? null : <PageHead head={(site, path) => routeHead(site, path, r)} />}
      <RemoteModule key={`${r.remote}/${r.module}`} remote={r.remote} module={r.module} />
    </>
  ),
});

/**
 * Every route of the table (the remotes' pages, the shell's catch-all last), each served by the
 * module its remote exposes, inside the shell's layout; anything else is the shell's 404.
 */
export const routeObjects = (table: readonly SiteRoute[]): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          ...table.filter((r) => r.layout === 'site').map(page),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      ...table.filter((r) => r.layout === 'bare').map(page),
    ],
  },
];

/** The whole app under a router: BrowserRouter in the browser, StaticRouter on the server. */
export function AppRoutes() {
  const table = useSiteRoutes();
  const routes = useMemo(() => routeObjects(table), [table]);
  return useRoutes(routes);
}
