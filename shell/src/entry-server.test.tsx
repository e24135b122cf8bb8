// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { getJson, useFormOutcome } from '@agency/ui';
import type { RemoteServerEntry } from '@agency/ui/server-entry';
import { PageHead } from '@agency/ui/remote-module';
import { notFoundHead } from '@agency/contracts/page-head';
import { render } from './entry-server';

/** A stand-in mf-content server build whose blog page reads /api/blog-posts (status set per test). */
const contentBuild: RemoteServerEntry = {
  modules: { BlogPage: () => <h1>Blog</h1> },
  prefetch: {
    BlogPage: (client) =>
      client.prefetchQuery({ queryKey: ['blog'], queryFn: () => getJson('/api/blog-posts') }),
  },
  sharedSingletons: {},
};

const renderBlogWithStatus = (status: number) =>
  render({
    url: '/blog',
    remotes: { mf_content: contentBuild },
    budgetMs: 5000,
    head: { origin: 'https://agency.example' },
    fetch: async (url) =>
      url.startsWith('/api/blog-posts')
        ? new Response('{"message":"x"}', { status })
        : new Response(url.startsWith('/api/services') ? '[]' : '{}', {
            headers: { 'Content-Type': 'application/json' },
          }),
  });

describe('server render of the shell', () => {
  it("shows a form's outcome handed to the render, dehydrated for the browser, without fetching it", async () => {
    const ContactPage = () => {
      const outcome = useFormOutcome('contact');
      return <h1>{outcome?.status === 'success' ? 'Thank You!' : 'Contact'}</h1>;
    };
    const asked: string[] = [];
    const result = await render({
      url: '/contact',
      remotes: { mf_contact: { modules: { ContactPage }, sharedSingletons: {} } },
      budgetMs: 5000,
      head: { origin: 'https://agency.example' },
      formOutcome: { form: 'contact', status: 'success' },
      fetch: async (url) => {
        asked.push(url);
        return new Response(url.startsWith('/api/services') ? '[]' : '{}', {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    expect(result.html).toContain('Thank You!');
    expect(asked.every((url) => url.startsWith('/api/'))).toBe(true);
    const kept = result.state.queries.queries.find((q) => q.queryKey[0] === 'form-outcome');
    expect(kept?.state.data).toEqual({ form: 'contact', status: 'success' });
  });

  // Issue 37 item 3: a page whose data loader missed a query rendered its loading state and was kept
  // as a complete page. Now that is a failed region of the route's remote (not kept, no declared head).
  it('a query still loading when the render ends is a failed region, not a complete page; a disabled one is not', async () => {
    const Loading = ({ enabled }: { enabled: boolean }) => {
      const { data } = useQuery({ queryKey: ['missed'], queryFn: () => getJson('/api/blog-posts'), enabled });
      return <h1>{data ? 'Blog' : 'Loading…'}</h1>;
    };
    const renderWith = (enabled: boolean) =>
      render({
        url: '/blog',
        remotes: {
          mf_content: { modules: { BlogPage: () => <Loading enabled={enabled} /> }, sharedSingletons: {} },
        },
        budgetMs: 5000,
        head: { origin: 'https://agency.example' },
        fetch: async (url) =>
          new Response(url.startsWith('/api/services') || url.startsWith('/api/blog-posts') ? '[]' : '{}', {
            headers: { 'Content-Type': 'application/json' },
          }),
      });
    const missed = await renderWith(true);
    expect(missed.html).toContain('Loading…');
    expect(missed.problems).toEqual([
      expect.objectContaining({ remote: 'mf_content', message: expect.stringContaining('["missed"]') }),
    ]);
    expect(missed.head).toBeUndefined();

    const disabled = await renderWith(false);
    expect(disabled.problems).toEqual([]);
    expect(disabled.head).toBeDefined();
  });

  // Issue 41 defect 11: the footer's e-mail and phone are the site settings' (through the public
  // settings API); its year is the spec's constant.
  it("renders the footer with the spec's year and the settings' e-mail and phone", async () => {
    const year = 2024;
    const result = await render({
      url: '/blog',
      remotes: { mf_content: contentBuild },
      budgetMs: 5000,
      head: { origin: 'https://agency.example' },
      fetch: async (url) =>
        new Response(
          url.startsWith('/api/site-settings')
            ? JSON.stringify({
                siteName: 'Acme Growth',
                contactEmail: 'hi@acme.example',
                contactPhone: '+44 20 7946 0000',
              })
            : url.startsWith('/api/services') || url.startsWith('/api/blog-posts')
              ? '[]'
              : '{}',
          { headers: { 'Content-Type': 'application/json' } },
        ),
    });
    expect(result.html).toContain(`© ${year} Acme Growth. All rights reserved.`);
    expect(result.html).toContain('href="mailto:hi@acme.example"');
    expect(result.html).toContain('href="tel:+442079460000"');
  });

  it('a page whose data read failed is reported as a problem (so it is never kept in the page cache)', async () => {
    const result = await renderBlogWithStatus(500);
    expect(result.html).toContain('Blog');
    expect(result.problems.map((p) => p.message)).toContain('data failed: ["blog"]');
  });

  it('a 404 answer is the page, not a problem', async () => {
    const result = await renderBlogWithStatus(404);
    expect(result.problems).toEqual([]);
  });

  it('a page whose reads all answered has no problem', async () => {
    const result = await renderBlogWithStatus(200);
    expect(result.problems).toEqual([]);
    expect(result.rendered).toEqual(['mf_content']);
  });

  it("returns the head of a page without parameters from the route registry, not inside the page's HTML", async () => {
    const result = await renderBlogWithStatus(200);
    expect(result.head).toMatchObject({
      status: 200,
      title: 'Blog: SEO, Paid Media and Analytics Insights',
      path: '/blog',
    });
    expect(result.headSite).toMatchObject({
      origin: 'https://agency.example',
      siteName: 'Distilled Digital',
    });
    expect(result.html).not.toMatch(/<title|<meta/);
  });

  it('returns the head a page declares, its 404 included', async () => {
    const result = await render({
      url: '/blog/gone',
      remotes: {
        mf_content: {
          modules: {
            BlogPostPage: () => (
              <>
                <PageHead head={(site, path) => notFoundHead(site, path, 'blog-post')} />
                <h1>Article Not Found</h1>
              </>
            ),
          },
          sharedSingletons: {},
        },
      },
      budgetMs: 5000,
      head: { origin: 'https://agency.example' },
      fetch: async (url) =>
        new Response(url.startsWith('/api/services') ? '[]' : '{}', {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    expect(result.head).toMatchObject({
      status: 404,
      title: 'Article Not Found',
      path: '/blog/gone',
      noindex: true,
    });
    expect(result.html).toContain('Article Not Found');
    expect(result.html).not.toContain('<title');
  });

  const renderPost = (Page: () => React.ReactElement, head: { origin: string; noindex?: true }) =>
    render({
      url: '/blog/a-post',
      remotes: { mf_content: { modules: { BlogPostPage: Page }, sharedSingletons: {} } },
      budgetMs: 5000,
      head,
      fetch: async (url) =>
        new Response(url.startsWith('/api/services') ? '[]' : '{}', {
          headers: { 'Content-Type': 'application/json' },
        }),
    });

  it("a content preview's head says noindex, whatever the page declares", async () => {
    const Page = () => (
      <PageHead head={(site, path) => ({ ...notFoundHead(site, path), status: 200, noindex: false })} />
    );
    expect((await renderPost(Page, { origin: 'https://agency.example' })).head?.noindex).toBe(false);
    const preview = await renderPost(Page, { origin: 'https://agency.example', noindex: true });
    expect(preview.head?.noindex).toBe(true);
  });

  it('returns no head when a region failed after the page declared it (the browser renders it again)', async () => {
    const Broken = () => {
      throw new Error('the page broke');
    };
    const Page = () => (
      <>
        <PageHead head={(site, path) => notFoundHead(site, path, 'blog-post')} />
        <Broken />
      </>
    );
    const result = await renderPost(Page, { origin: 'https://agency.example' });
    expect(result.problems.map((p) => p.message)).toContain(
      'render failed; the region renders in the browser',
    );
    expect(result.head).toBeUndefined();
  });
});
