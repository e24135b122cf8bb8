// Types only: the build's config loads this file (no runtime imports from workspace packages).
import type { RemotePage } from '@agency/contracts/site-routes';

/**
 * The pages mf-cms serves: path, the module in src/exposes/ that renders it, layout, head, sitemap
 * and navigation. The build publishes this list beside its entry (`pages.json`); the site's route
 * table is composed from the current release of every remote (docs/teams.md: adding a page).
 */
export const pages: RemotePage[] = [
  {
    id: 'cms',
    path: '/cms',
    module: 'CmsApp',
    kind: 'app',
    layout: 'bare',
    head: {
      title: 'Content Management',
      noindex: true,
    },
  },
];
