import type { RemoteName } from './routes';
import { fillPath, type PathArgs } from './paths';

/**
 * How a route's head and data are resolved on the server:
 * - `static`: fixed head from this registry; the page's data (if any) comes from its remote's prefetch;
 * - `service` | `case-study` | `blog-post` | `cms-page`: one item by slug, 404 when it is unknown or
 *   unpublished (staff may preview drafts);
 * - `app`: a client-only application (the CMS): never server-rendered, never indexed.
 */
export type PageKind = 'static' | 'service' | 'case-study' | 'blog-post' | 'cms-page' | 'app';

export interface SiteRoute {
  /** Stable name, used in logs, metrics and cache tags. */
  id: string;
  /** React Router path pattern (`:param` segments only). */
  path: string;
  /** The remote that owns the page, and the module it exposes for it. */
  remote: RemoteName;
  module: string;
  kind: PageKind;
  /** `site` pages sit between the header and the footer; `bare` ones own the whole viewport. */
  layout: 'site' | 'bare';
  /** Head of a `static` page (title without the site name; description falls back to the site's). */
  head?: { title: string; description?: string; noindex?: boolean };
  /** Listed in the sitemap as it is (dynamic kinds list their published items instead). */
  inSitemap?: boolean;
  /** The page's name in the header, the footer and breadcrumbs (pages that are linked by name). */
  label?: string;
  /** The RSS feed the page's head links to (`<link rel="alternate">`), so readers and crawlers find it. */
  feed?: string;
}

/** The blog's RSS feed: served by the API, linked from the blog's pages. */
export const BLOG_FEED_PATH = '/blog/rss.xml';

/**
 * Every route of the site, once. The shell's router, the server's renderer and route-to-remote
 * mapping, page heads, the sitemap and the CMS's reserved slugs all derive from this list.
 * Order matters only for the catch-all `/:slug`, which comes last.
 */
const ROUTES = [
  {
    id: 'home',
    label: 'Home',
    path: '/',
    remote: 'mf_marketing',
    module: 'HomePage',
    kind: 'static',
    layout: 'site',
    head: { title: 'Data-Driven Digital Marketing Agency' },
    inSitemap: true,
  },
  {
    id: 'about',
    label: 'About',
    path: '/about',
    remote: 'mf_marketing',
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
    label: 'Services',
    path: '/services',
    remote: 'mf_marketing',
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
    remote: 'mf_marketing',
    module: 'ServiceDetailPage',
    kind: 'service',
    layout: 'site',
  },
  {
    id: 'case-studies',
    label: 'Case Studies',
    path: '/case-studies',
    remote: 'mf_content',
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
    remote: 'mf_content',
    module: 'CaseStudyDetailPage',
    kind: 'case-study',
    layout: 'site',
  },
  {
    id: 'blog',
    label: 'Blog',
    path: '/blog',
    remote: 'mf_content',
    module: 'BlogPage',
    kind: 'static',
    feed: BLOG_FEED_PATH,
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
    remote: 'mf_content',
    module: 'BlogPostPage',
    kind: 'blog-post',
    layout: 'site',
    feed: BLOG_FEED_PATH,
  },
  {
    id: 'resources',
    label: 'Resources',
    path: '/resources',
    remote: 'mf_content',
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
    // A gated resource's lead form as a page of its own: 'Get Free Access' links here, so the
    // download works without JavaScript (with it, the resources page opens the same form in a dialog).
    id: 'resource-access',
    path: '/resources/:id/access',
    remote: 'mf_content',
    module: 'ResourceAccessPage',
    kind: 'static',
    layout: 'site',
    head: { title: 'Get Free Access', noindex: true },
  },
  {
    id: 'contact',
    label: 'Contact',
    path: '/contact',
    remote: 'mf_contact',
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
  {
    id: 'cms',
    path: '/cms',
    remote: 'mf_cms',
    module: 'CmsApp',
    kind: 'app',
    layout: 'bare',
    head: { title: 'Content Management', noindex: true },
  },
  {
    id: 'cms-page',
    path: '/:slug',
    remote: 'mf_content',
    module: 'CmsPage',
    kind: 'cms-page',
    layout: 'site',
  },
] as const satisfies readonly SiteRoute[];

export type SiteRouteId = (typeof ROUTES)[number]['id'];
export const SITE_ROUTES: readonly SiteRoute[] = ROUTES;

export interface RouteMatch {
  route: SiteRoute;
  params: Record<string, string>;
}

const segments = (p: string) => p.split('/').filter(Boolean);

/**
 * The route a pathname belongs to, with its decoded params; undefined for paths no route serves
 * (the shell's 'Page Not Found'). A trailing slash is ignored; a param never spans a slash.
 */
export function matchSiteRoute(pathname: string): RouteMatch | undefined {
  const parts = segments(pathname);
  for (const route of SITE_ROUTES) {
    const pattern = segments(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      const part = parts[i]!;
      if (!seg.startsWith(':')) return seg === part;
      try {
        params[seg.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false;
      }
    });
    if (ok) return { route, params };
  }
  return undefined;
}

/** The route serving `id` (for links and tests). */
export const siteRoute = (id: SiteRouteId): SiteRoute => SITE_ROUTES.find((r) => r.id === id)!;

/** A link to a named page: its path and its label, both from the registry. */
export const siteLink = (id: SiteRouteId): { href: string; label: string } => {
  const route = siteRoute(id);
  return { href: route.path, label: route.label ?? route.id };
};

type RoutePath<Id extends SiteRouteId> = Extract<(typeof ROUTES)[number], { id: Id }>['path'];

/** A link to a page of the registry: `sitePath('blog-post', { slug })` → `/blog/my-post`. */
export const sitePath = <Id extends SiteRouteId>(id: Id, ...params: PathArgs<RoutePath<Id>>): string =>
  fillPath(siteRoute(id).path as RoutePath<Id>, ...params);

/** Top-level paths the server itself answers, outside the page routes. */
const SERVER_PATHS = [
  'api',
  'forms',
  'uploads',
  'remotes',
  'releases',
  'assets',
  'healthz',
  'readyz',
  'metrics',
];

/**
 * Slugs a CMS page may not take: the first segment of every fixed route, and the server's own paths
 * (a page there would never be reachable, or would hide a built-in page).
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  ...new Set([
    ...SITE_ROUTES.flatMap((r) => {
      const first = segments(r.path)[0];
      return first && !first.startsWith(':') ? [first] : [];
    }),
    ...SERVER_PATHS,
  ]),
].sort();
