// Types only: the build's config loads this file (no runtime imports from workspace packages).
import type { RemotePage } from '@agency/contracts/site-routes';

/**
 * The pages mf-content serves: path, the module in src/exposes/ that renders it, layout, head, sitemap
 * and navigation. The build publishes this list beside its entry (`pages.json`); the site's route
 * table is composed from the current release of every remote (docs/teams.md: adding a page).
 */
export const pages: RemotePage[] = [
  {
    id: 'case-studies',
    nav: {
      header: 3,
      footer: 2,
    },
    label: 'Case Studies',
    path: '/case-studies',
    module: 'CaseStudiesPage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'Case Studies',
      description: 'Real results for real clients: 150+ success stories with an average 340% revenue growth.',
    },
    inSitemap: true,
  },
  {
    id: 'case-study',
    path: '/case-studies/:slug',
    module: 'CaseStudyDetailPage',
    kind: 'case-study',
    layout: 'site',
    sitemap: { items: 'case-studies' },
  },
  {
    id: 'blog',
    nav: {
      header: 4,
      footer: 3,
    },
    label: 'Blog',
    path: '/blog',
    module: 'BlogPage',
    kind: 'static',
    feed: '/blog/rss.xml',
    layout: 'site',
    head: {
      title: 'Blog: SEO, Paid Media and Analytics Insights',
      description:
        'Practical articles on SEO, paid media, analytics and growth strategy from senior practitioners.',
    },
    inSitemap: true,
  },
  {
    id: 'blog-post',
    path: '/blog/:slug',
    module: 'BlogPostPage',
    kind: 'blog-post',
    layout: 'site',
    sitemap: { items: 'blog-posts' },
    feed: '/blog/rss.xml',
  },
  {
    id: 'resources',
    nav: {
      header: 5,
      footer: 4,
    },
    label: 'Resources',
    path: '/resources',
    module: 'ResourcesPage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'Free Marketing Resources',
      description:
        'E-books, whitepapers, guides, checklists and templates to plan and measure your marketing.',
    },
    inSitemap: true,
  },
  {
    id: 'resource-access',
    path: '/resources/:id/access',
    module: 'ResourceAccessPage',
    kind: 'static',
    layout: 'site',
    head: {
      title: 'Get Free Access',
      noindex: true,
    },
  },
];
