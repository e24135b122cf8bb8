import { describe, expect, it } from 'vitest';
import { PAGES_FORMAT, readRemotePages } from './remote-pages';
import { LEGACY_REMOTE_PAGES, composeSiteRoutes, type RemotePage } from './site-routes';

/** A release's pages.json as today's builds write it, or (format null) as builds before sitemap items did. */
const file = (pages: readonly object[], format: number | null = PAGES_FORMAT) =>
  JSON.stringify(format === null ? { pages } : { format, pages });

/** A detail page of a new section listing blog posts, shaped like mf-content's blog post page. */
const webinar: RemotePage = {
  ...LEGACY_REMOTE_PAGES.mf_content.find((p) => p.id === 'blog-post')!,
  ...{ id: 'webinar', path: '/webinars/:slug', module: 'WebinarPage', kind: 'static' },
};

describe('a page’s sitemap items in pages.json', () => {
  it('reads a page that lists the items of a content type with a slug, and the table keeps it', () => {
    const read = readRemotePages(file([webinar]));
    expect(read).toEqual({ pages: [webinar], problems: [] });
    const { routes } = composeSiteRoutes({ mf_content: read!.pages });
    expect(routes.find((r) => r.id === 'webinar')).toMatchObject({
      remote: 'mf_content',
      sitemap: { items: 'blog-posts' },
    });
  });

  it('leaves out a page naming a type without items of its own, or listing items on a path without one parameter, naming why', () => {
    const read = readRemotePages(
      file([
        { ...webinar, id: 'testimonial', sitemap: { items: 'testimonials' } },
        { ...webinar, id: 'unknown', sitemap: { items: 'webinars' } },
        { ...webinar, id: 'fixed', path: '/webinars' },
        { ...webinar, id: 'two', path: '/webinars/:year/:slug' },
        { ...webinar, id: 'extra', sitemap: { items: 'blog-posts', priority: 1 } },
      ]),
    );
    expect(read?.pages).toEqual([]);
    expect(read?.problems).toHaveLength(5);
    expect(read?.problems[0]).toMatch(/^page 0 \(\/webinars\/:slug\): sitemap\.items /);
    expect(read?.problems[2]).toBe(
      'page 2 (/webinars): sitemap lists items only on a path with one parameter (filled with each item’s slug)',
    );
  });

  it('a page.json from before sitemap items: its one-slug pages list their kind’s items, as the sitemap did then', () => {
    const old = LEGACY_REMOTE_PAGES.mf_content.map(({ sitemap: _dropped, ...page }) => page);
    const read = readRemotePages(file(old, null))!;
    expect(read.problems).toEqual([]);
    const items = Object.fromEntries(read.pages.map((p) => [p.id, p.sitemap?.items]));
    expect(items).toMatchObject({
      'case-study': 'case-studies',
      'blog-post': 'blog-posts',
      blog: undefined,
      'resource-access': undefined,
    });
    // Today's builds say what they list: a one-slug page without `sitemap` lists nothing.
    const now = readRemotePages(file(old))!;
    expect(now.pages.every((p) => p.sitemap === undefined)).toBe(true);
  });

  it('the table before pages.json lists the items of every one-slug page, the CMS pages’ catch-all too', () => {
    const { routes } = composeSiteRoutes({});
    expect(
      Object.fromEntries(routes.filter((r) => r.sitemap).map((r) => [r.path, r.sitemap!.items])),
    ).toEqual({
      '/services/:slug': 'services',
      '/case-studies/:slug': 'case-studies',
      '/blog/:slug': 'blog-posts',
      '/:slug': 'pages',
    });
  });
});
