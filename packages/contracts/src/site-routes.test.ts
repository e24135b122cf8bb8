import { describe, expect, it } from 'vitest';
import { RESERVED_PAGE_SLUGS, SITE_ROUTES, matchSiteRoute } from './site-routes';

describe('route registry', () => {
  it('matches fixed routes before the CMS page catch-all, with decoded params', () => {
    expect(matchSiteRoute('/')?.route.id).toBe('home');
    expect(matchSiteRoute('/about')?.route.id).toBe('about');
    expect(matchSiteRoute('/about/')?.route.id).toBe('about');
    expect(matchSiteRoute('/cms')?.route.id).toBe('cms');
    expect(matchSiteRoute('/privacy')).toMatchObject({
      route: { id: 'cms-page' },
      params: { slug: 'privacy' },
    });
    expect(matchSiteRoute('/blog/a%20b')).toMatchObject({
      route: { id: 'blog-post' },
      params: { slug: 'a b' },
    });
    expect(matchSiteRoute('/services/seo')).toMatchObject({
      route: { remote: 'mf_marketing', module: 'ServiceDetailPage' },
    });
  });

  it('matches nothing for deeper paths or malformed escapes (the 404 page)', () => {
    expect(matchSiteRoute('/blog/a/b')).toBeUndefined();
    expect(matchSiteRoute('/blog/%ff')).toBeUndefined();
  });

  it('reserves every fixed first segment and the server paths for CMS pages', () => {
    for (const slug of [
      'about',
      'services',
      'blog',
      'case-studies',
      'resources',
      'contact',
      'cms',
      'api',
      'uploads',
    ])
      expect(RESERVED_PAGE_SLUGS).toContain(slug);
    expect(RESERVED_PAGE_SLUGS).not.toContain('privacy');
    expect(new Set(SITE_ROUTES.map((r) => r.id)).size).toBe(SITE_ROUTES.length);
  });
});
