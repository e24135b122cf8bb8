// Types only: the build's config loads this file (no runtime imports from workspace packages).
import type { RemotePage } from '@agency/contracts/site-routes';

/**
 * The pages mf-marketing serves: path, the module in src/exposes/ that renders it, layout, head, sitemap
 * and navigation. The build publishes this list beside its entry (`pages.json`); the site's route
 * table is composed from the current release of every remote (docs/teams.md: adding a page).
 */
export const pages: RemotePage[] = [
  {
    id: 'home',
    label: 'Home',
    path: '/',
    module: 'HomePage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'Data-Driven Digital Marketing Agency',
    },
    inSitemap: true,
  },
  {
    id: 'about',
    nav: {
      header: 2,
      footer: 1,
    },
    label: 'About',
    path: '/about',
    module: 'AboutPage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'About Us',
      description:
        'Senior marketers with 40+ years of combined experience, direct access and data-informed decisions. Meet the team behind Distilled Digital.',
    },
    inSitemap: true,
  },
  {
    id: 'services',
    nav: {
      header: 1,
    },
    label: 'Services',
    path: '/services',
    module: 'ServicesPage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'Digital Marketing Services',
      description:
        'SEO, paid media, data science, AI automations, Shopify e-commerce and web design from one senior, data-driven team.',
    },
    inSitemap: true,
  },
  {
    id: 'service',
    path: '/services/:slug',
    module: 'ServiceDetailPage',
    kind: 'service',
    layout: 'site',
    sitemap: { items: 'services' },
  },
];
