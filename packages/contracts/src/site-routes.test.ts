import { describe, expect, it } from 'vitest';
import {
  LEGACY_REMOTE_PAGES,
  RESERVED_PAGE_SLUGS,
  SITE_ROUTES,
  composeSiteRoutes,
  matchRoute,
  matchSiteRoute,
  movedTo,
  navLinks,
  reservedSlugsOf,
  type RemotePage,
} from './site-routes';

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

describe('route table composed from the remotes’ pages', () => {
  const careers: RemotePage = {
    id: 'careers',
    path: '/careers',
    module: 'CareersPage',
    kind: 'static',
    layout: 'site',
    label: 'Careers',
    head: { title: 'Careers' },
    nav: { footer: 6 },
  };
  const webinar: RemotePage = {
    id: 'webinar',
    path: '/webinars/:slug',
    module: 'WebinarPage',
    kind: 'static',
    layout: 'site',
  };
  const live: RemotePage = { ...webinar, id: 'webinar-live', path: '/webinars/live', module: 'LivePage' };

  it('is the built-in table when no remote publishes pages, the catch-all CMS page last', () => {
    const { routes, conflicts } = composeSiteRoutes({});
    expect(conflicts).toEqual([]);
    expect(routes.map((r) => r.id).sort()).toEqual(SITE_ROUTES.map((r) => r.id).sort());
    expect(routes.at(-1)).toMatchObject({ id: 'cms-page', path: '/:slug' });
  });

  it('adds a remote’s own pages, fixed segments before parameters, the catch-all still last', () => {
    const { routes } = composeSiteRoutes({
      mf_content: [...LEGACY_REMOTE_PAGES.mf_content, webinar, live],
      mf_marketing: [...LEGACY_REMOTE_PAGES.mf_marketing, careers],
    });
    expect(matchRoute(routes, '/careers')?.route).toMatchObject({
      remote: 'mf_marketing',
      module: 'CareersPage',
    });
    expect(matchRoute(routes, '/webinars/live')?.route.id).toBe('webinar-live');
    expect(matchRoute(routes, '/webinars/spring')).toMatchObject({
      route: { id: 'webinar' },
      params: { slug: 'spring' },
    });
    expect(matchRoute(routes, '/privacy')?.route.id).toBe('cms-page');
    expect(routes.at(-1)?.id).toBe('cms-page');
    expect(navLinks(routes, 'footer').map((l) => l.label)).toEqual([
      'About',
      'Case Studies',
      'Blog',
      'Resources',
      'Contact',
      'Careers',
    ]);
    expect(navLinks(routes, 'header').map((l) => l.href)).toEqual([
      '/services',
      '/about',
      '/case-studies',
      '/blog',
      '/resources',
    ]);
    expect(reservedSlugsOf(routes)).toEqual(expect.arrayContaining(['careers', 'webinars']));
  });

  it('a remote that drops a page (a rollback) no longer serves it', () => {
    const { routes } = composeSiteRoutes({ mf_marketing: LEGACY_REMOTE_PAGES.mf_marketing });
    expect(matchRoute(routes, '/careers')?.route.id).toBe('cms-page');
    expect(reservedSlugsOf(routes)).not.toContain('careers');
  });

  it('refuses a page whose paths another remote, the server or the shell serve, naming both', () => {
    const { routes, conflicts } = composeSiteRoutes({
      mf_contact: [
        ...LEGACY_REMOTE_PAGES.mf_contact,
        { ...careers, path: '/blog/:id' },
        { ...careers, id: 'api', path: '/api/pages' },
        { ...careers, id: 'catch', path: '/:page' },
      ],
    });
    expect(conflicts).toEqual([
      { path: '/blog/:id', claimant: 'mf_contact', page: 'careers', owner: 'mf_content' },
      { path: '/api/pages', claimant: 'mf_contact', page: 'api', owner: 'the server' },
      { path: '/:page', claimant: 'mf_contact', page: 'catch', owner: 'the shell' },
    ]);
    expect(matchRoute(routes, '/blog/x')?.route.remote).toBe('mf_content');
  });

  it('answers where a page moved from (movedFrom), parameters carried over', () => {
    const articles: RemotePage = {
      ...webinar,
      id: 'article',
      path: '/articles/:slug',
      movedFrom: ['/news/:slug'],
    };
    const { routes } = composeSiteRoutes({ mf_content: [...LEGACY_REMOTE_PAGES.mf_content, articles] });
    expect(movedTo(routes, '/news/a%20b')).toBe('/articles/a%20b');
    expect(movedTo(routes, '/news')).toBeUndefined();
    expect(movedTo(routes, '/blog/x')).toBeUndefined();
  });
});
