import type { RemoteName } from './remote-names';
import { fillPath, type PathArgs } from './paths';

/**
 * How a route's head and data are resolved on the server:
 * - `static`: fixed head from this registry; the page's data (if any) comes from its remote's prefetch;
 * - `service` | `case-study` | `blog-post` | `cms-page`: one item by slug, 404 when it is unknown or
 *   unpublished (staff may preview drafts);
 * - `app`: a client-only application (the CMS): never server-rendered, never indexed.
 */
export type PageKind = 'static' | 'service' | 'case-study' | 'blog-post' | 'cms-page' | 'app';

/**
 * Where a page is linked from the site's navigation: its position in the header's links and/or the
 * footer's company links (ascending), under `label`.
 */
export interface PageNav {
  header?: number;
  footer?: number;
}

/**
 * One page a remote serves, as its build publishes it (`dist/pages.json`, see docs/teams.md): the
 * site's route table is composed at run time from the pages of every remote's current release
 * (composeSiteRoutes), so a release adds, moves or removes its own pages.
 */
export interface RemotePage {
  /** Stable name, used in logs, metrics and cache tags. */
  id: string;
  /** React Router path pattern (`:param` segments only). */
  path: string;
  /** The module the remote exposes for it. */
  module: string;
  kind: PageKind;
  /** `site` pages sit between the header and the footer; `bare` ones own the whole viewport. */
  layout: 'site' | 'bare';
  /** Head of a `static` page (title without the site name; description falls back to the site's). */
  head?: { title: string; description?: string; noindex?: boolean };
  /** Listed in the sitemap as it is (a page with a parameter lists its items with `sitemap`). */
  inSitemap?: boolean;
  /**
   * A page with one parameter lists its items in the sitemap: every published item of the content
   * type `items` (a key of CONTENT_TYPES whose items have a slug: remote-pages.ts SITEMAP_ITEM_TYPES),
   * at this page's path with the parameter filled by the item's slug. The sitemap has no other list
   * of item pages.
   */
  sitemap?: { items: string };
  /** The page's name in the header, the footer and breadcrumbs (pages that are linked by name). */
  label?: string;
  /** The RSS feed the page's head links to (`<link rel="alternate">`), so readers and crawlers find it. */
  feed?: string;
  /** Linked from the header and/or the footer, under `label`. */
  nav?: PageNav;
  /**
   * Where the page was before (path patterns with the same parameters): those addresses answer 301
   * to this one while this release is live, unless a page of the table serves them.
   */
  movedFrom?: string[];
}

/** A page of the composed table: a remote's page, and the remote that owns it. */
export interface SiteRoute extends RemotePage {
  remote: RemoteName;
}

/** The blog's RSS feed: served by the API, linked from the blog's pages. */
export const BLOG_FEED_PATH = '/blog/rss.xml';

/**
 * The pages the site had before remotes published their own (`pages.json`): what a release built
 * before that serves (composeSiteRoutes falls back to its remote's part of this list), and the names
 * links between sections use (sitePath, siteLink). A remote's live pages are declared in the remote
 * (`<remote>/src/pages.ts`); this list is a record of the past and is not extended.
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
    nav: { header: 2, footer: 1 },
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
    nav: { header: 1 },
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
    sitemap: { items: 'services' },
  },
  {
    id: 'case-studies',
    nav: { header: 3, footer: 2 },
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
    sitemap: { items: 'case-studies' },
  },
  {
    id: 'blog',
    nav: { header: 4, footer: 3 },
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
    sitemap: { items: 'blog-posts' },
    feed: BLOG_FEED_PATH,
  },
  {
    id: 'resources',
    nav: { header: 5, footer: 4 },
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
    nav: { footer: 5 },
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
    sitemap: { items: 'pages' },
  },
] as const satisfies readonly SiteRoute[];

export type SiteRouteId = (typeof ROUTES)[number]['id'];
/** The table the site had before remotes published their pages (see ROUTES). */
export const SITE_ROUTES: readonly SiteRoute[] = ROUTES;

/** The shell's own routes: the catch-all CMS page, always last (after every remote's pages). */
const SHELL_ROUTE_IDS: readonly string[] = ['cms-page'];

/** Each remote's part of the table before pages.json: the pages a release without one serves. */
export const LEGACY_REMOTE_PAGES: Readonly<Record<RemoteName, readonly RemotePage[]>> = (() => {
  const byRemote = {} as Record<RemoteName, RemotePage[]>;
  for (const { remote, ...page } of ROUTES as readonly SiteRoute[]) {
    if (SHELL_ROUTE_IDS.includes(page.id)) continue;
    (byRemote[remote] ??= []).push(page);
  }
  return byRemote;
})();

const SHELL_ROUTES: readonly SiteRoute[] = SITE_ROUTES.filter((r) => SHELL_ROUTE_IDS.includes(r.id));

export interface RouteMatch {
  route: SiteRoute;
  params: Record<string, string>;
}

const segments = (p: string) => p.split('/').filter(Boolean);

/** A path pattern with its parameters' names left out: two routes with one shape serve the same paths. */
export const routeShape = (pattern: string) =>
  `/${segments(pattern)
    .map((s) => (s.startsWith(':') ? ':' : s.toLowerCase()))
    .join('/')}`;

/** Fixed segments before parameters, position by position: the more specific route is tried first. */
function bySpecificity(a: SiteRoute, b: SiteRoute): number {
  const x = segments(a.path);
  const y = segments(b.path);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const px = x[i]!.startsWith(':');
    const py = y[i]!.startsWith(':');
    if (px !== py) return px ? 1 : -1;
  }
  return 0;
}

/** A page a remote claimed that the table refused: another owner serves its paths already. */
export interface RouteConflict {
  path: string;
  /** The remote that claimed it, and the page. */
  claimant: RemoteName;
  page: string;
  /** Who serves those paths: a remote, `the server` (its own paths, /api, /forms…) or `the shell`. */
  owner: RemoteName | 'the server' | 'the shell';
}

/** The composed table and the pages it refused. */
export interface ComposedRoutes {
  routes: SiteRoute[];
  conflicts: RouteConflict[];
}

/**
 * The site's route table from the pages of every remote's current release (a remote missing from
 * `pages` serves LEGACY_REMOTE_PAGES, the table its release was built with): remotes in REMOTE order,
 * a page whose paths another remote (or the server) already serves refused and reported, fixed
 * segments before parameters, and the shell's catch-all CMS page last.
 */
export function composeSiteRoutes(
  pages: Partial<Record<RemoteName, readonly RemotePage[]>>,
  remotes: readonly RemoteName[] = Object.keys(LEGACY_REMOTE_PAGES) as RemoteName[],
): ComposedRoutes {
  const owners = new Map<string, RouteConflict['owner']>();
  for (const p of SERVER_PATHS) owners.set(`/${p}`, 'the server');
  for (const r of SHELL_ROUTES) owners.set(routeShape(r.path), 'the shell');
  const routes: SiteRoute[] = [];
  const conflicts: RouteConflict[] = [];
  for (const remote of remotes) {
    for (const page of pages[remote] ?? LEGACY_REMOTE_PAGES[remote] ?? []) {
      const shape = routeShape(page.path);
      const first = `/${segments(page.path)[0] ?? ''}`;
      const owner = owners.get(shape) ?? (owners.get(first) === 'the server' ? 'the server' : undefined);
      if (owner) {
        conflicts.push({ path: page.path, claimant: remote, page: page.id, owner });
        continue;
      }
      owners.set(shape, remote);
      routes.push({ ...page, remote });
    }
  }
  return { routes: [...routes.sort(bySpecificity), ...SHELL_ROUTES], conflicts };
}

/**
 * The route of `routes` a pathname belongs to, with its decoded params; undefined for paths no route
 * serves (the shell's 'Page Not Found'). A trailing slash is ignored; a param never spans a slash.
 */
export function matchRoute(routes: readonly SiteRoute[], pathname: string): RouteMatch | undefined {
  const parts = segments(pathname);
  for (const route of routes) {
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

/**
 * Where an address a page of `routes` moved from lives now (`movedFrom`), with its parameters carried
 * over; undefined when no page moved from there.
 */
export function movedTo(routes: readonly SiteRoute[], pathname: string): string | undefined {
  for (const route of routes) {
    for (const from of route.movedFrom ?? []) {
      const old = matchRoute([{ ...route, path: from }], pathname);
      if (!old) continue;
      const target = segments(route.path).map((seg) =>
        seg.startsWith(':') ? encodeURIComponent(old.params[seg.slice(1)] ?? '') : seg,
      );
      if (target.every(Boolean)) return `/${target.join('/')}`;
    }
  }
  return undefined;
}

/** matchRoute on the table the site had before remotes published their pages (SITE_ROUTES). */
export const matchSiteRoute = (pathname: string): RouteMatch | undefined => matchRoute(SITE_ROUTES, pathname);

/** The header's or the footer's links of a table, in their declared order. */
export function navLinks(
  routes: readonly SiteRoute[],
  where: keyof PageNav,
): { href: string; label: string }[] {
  return routes
    .filter((r) => r.nav?.[where] !== undefined && !r.path.includes(':'))
    .sort((a, b) => a.nav![where]! - b.nav![where]!)
    .map((r) => ({ href: r.path, label: r.label ?? r.id }));
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

/** Top-level paths the server itself answers, outside the page routes (never a page, never redirected). */
export const SERVER_PATHS = [
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
 * Slugs a CMS page may not take in a table: the first segment of every fixed route, and the server's
 * own paths (a page there would never be reachable, or would hide a remote's page).
 */
export const reservedSlugsOf = (routes: readonly SiteRoute[]): readonly string[] =>
  [
    ...new Set([
      ...routes.flatMap((r) => {
        const first = segments(r.path)[0];
        return first && !first.startsWith(':') ? [first.toLowerCase()] : [];
      }),
      ...SERVER_PATHS,
    ]),
  ].sort();

/** The reserved slugs of the table before pages.json (the contracts' check; the API checks the live table). */
export const RESERVED_PAGE_SLUGS: readonly string[] = reservedSlugsOf(SITE_ROUTES);
