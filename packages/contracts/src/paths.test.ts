import { readdirSync, readFileSync } from 'node:fs';
import { compile } from 'path-to-regexp';
import { describe, expect, it } from 'vitest';
import { fillPattern, matchPath, openApiPath } from './paths';
import { API_PATHS, ApiRoutes, apiPath } from './routes';
import { SITE_ROUTES, sitePath } from './site-routes';
import { ResourceRoutes } from './content-values';
import { FormRoutes } from './form-posts';
import { StaffRoutes } from './staff';

describe('paths as data', () => {
  it('builds site links from the route registry, each parameter escaped as one segment', () => {
    expect(sitePath('blog-post', { slug: 'launch-day' })).toBe('/blog/launch-day');
    expect(sitePath('service', { slug: 'seo' })).toBe('/services/seo');
    expect(sitePath('case-study', { slug: 'a b/c' })).toBe('/case-studies/a%20b%2Fc');
    expect(sitePath('cms-page', { slug: 'privacy' })).toBe('/privacy');
    expect(sitePath('resource-access', { id: 7 })).toBe('/resources/7/access');
    expect(sitePath('about')).toBe('/about');
    expect(FormRoutes.resourceAccess(7)).toBe('/resources/7/access');
    // Every one-slug route can be filled and read back.
    for (const route of SITE_ROUTES.filter((r) => r.path.includes(':'))) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const params = Object.fromEntries(names.map((n) => [n, `${n} value`]));
      const filled = fillPattern(route.path, params);
      expect(matchPath(route.path, filled), route.id).toEqual(params);
    }
  });

  it('builds the clients’ API URLs from the API path table', () => {
    expect(ApiRoutes.blogPost('a b')).toBe('/api/blog-posts/a%20b');
    expect(ApiRoutes.service('seo')).toBe('/api/services/seo');
    expect(ApiRoutes.contentBlock('homepage-hero')).toBe('/api/content-blocks/homepage-hero');
    expect(ApiRoutes.pages('x/y')).toBe('/api/pages/x%2Fy');
    expect(ApiRoutes.services).toBe('/api/services?published=true');
    expect(ResourceRoutes.leads(3)).toBe('/api/resources/3/leads');
    expect(ResourceRoutes.download(3)).toBe('/api/resources/3/download');
    expect(StaffRoutes.presence('blog-posts', 4)).toBe('/api/admin/presence/blog-posts/4');
    expect(apiPath('caseStudy', { slug: 'acme' })).toBe('/api/case-studies/acme');
  });

  it('reads a path against a pattern, and gives its OpenAPI form', () => {
    expect(matchPath(API_PATHS.blogPost, '/api/blog-posts/a%20b')).toEqual({ slug: 'a b' });
    expect(matchPath(API_PATHS.blogPost, '/api/blog-posts/a/b')).toBeUndefined();
    expect(matchPath(API_PATHS.blogPost, '/api/blog-posts/%ff')).toBeUndefined();
    expect(openApiPath(API_PATHS.resourceLeads)).toBe('/api/resources/{id}/leads');
    expect(openApiPath(API_PATHS.services)).toBe('/api/services');
  });

  it('fills every pattern of the tables as path-to-regexp would, and refuses a missing parameter', () => {
    const dir = new URL('.', import.meta.url);
    // Every pattern with a parameter written anywhere in the contracts (the tables and single constants).
    const declared = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/'(\/[^'\s]*\/:\w[^'\s]*)'/g)])
      .map((m) => m[1]!);
    expect(declared).toContain('/api/admin/presence/:type/:id');
    const patterns = [...SITE_ROUTES.map((r) => r.path), ...Object.values(API_PATHS), ...declared];
    for (const pattern of patterns) {
      // `:name` segments only: anything else (a wildcard, an optional group) needs a parser to fill.
      expect(pattern, pattern).toMatch(/^(\/(:\w+|[\w.-]+))*\/?$/);
      const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const value of ['plain', 'a b/c', 'ünï', '100%', "it's?#&"]) {
        const params = Object.fromEntries(names.map((n) => [n, value]));
        expect(fillPattern(pattern, params), pattern).toBe(compile(pattern)(params));
      }
    }
    expect(() => fillPattern('/blog/:slug', {})).toThrow('Missing parameter "slug" for /blog/:slug');
  });
});
