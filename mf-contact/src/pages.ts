// Types only: the build's config loads this file (no runtime imports from workspace packages).
import type { RemotePage } from '@agency/contracts/site-routes';

/**
 * The pages mf-contact serves: path, the module in src/exposes/ that renders it, layout, head, sitemap
 * and navigation. The build publishes this list beside its entry (`pages.json`); the site's route
 * table is composed from the current release of every remote (docs/teams.md: adding a page).
 */
export const pages: RemotePage[] = [
  {
    id: 'contact',
    nav: {
      footer: 5,
    },
    label: 'Contact',
    path: '/contact',
    module: 'ContactPage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'Contact Us: Free Strategy Session',
      description:
        'Book a free, no-obligation strategy session. A senior strategist replies within 24 hours.',
    },
    inSitemap: true,
  },
];
