import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, type BlogPost } from '@agency/contracts/browser';
import { Toaster } from '@agency/ui/toaster';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { BlogPostPage } from './blog-post-page';

const POST: BlogPost = {
  id: 7,
  slug: 'local-seo',
  title: 'Local SEO in 2026',
  excerpt: 'What changed for local search.',
  content: 'First line\nSecond line<script>alert(1)</script>',
  contentFormat: 'html',
  category: 'SEO',
  author: 'maria Lopez',
  tags: ['seo', 'local', 'maps', 'reviews'],
  publishedAt: '2026-04-02T09:00:00.000Z',
  createdAt: '2026-03-30T09:00:00.000Z',
  published: true,
};

const OTHER: BlogPost = {
  ...POST,
  id: 8,
  slug: 'paid-social',
  title: 'Paid social basics',
  category: 'Paid Media',
};

const renderPost = (slug = POST.slug) =>
  renderScreen(
    <>
      <BlogPostPage />
      <Toaster />
    </>,
    { path: `/blog/${slug}`, route: '/blog/:slug' },
  );

const expectNotFound = async () => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
};

describe('BlogPostPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('while loading shows an announced skeleton, not the not-found message', () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: 'pending' });
    renderPost();
    expect(screen.getByRole('status').textContent).toContain('Loading article…');
    expect(screen.queryByText('Article Not Found')).toBeNull();
  });

  it('an unknown slug (404) shows "Article Not Found" with Back to Blog', async () => {
    fakeApi({});
    renderPost('no-such-post');
    await expectNotFound();
  });

  it('a server error also shows "Article Not Found"', async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: serverError });
    renderPost();
    await expectNotFound();
  });

  it('a malformed slug is never fetched and shows "Article Not Found"', async () => {
    const api = fakeApi({});
    renderPost('Bad%20Slug!');
    await expectNotFound();
    expect(api.calls).toHaveLength(0);
  });

  it('a found post shows category, title, excerpt, author, date and the first 3 tags in its header', async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST) });
    renderPost();
    expect(await screen.findByRole('heading', { level: 1, name: 'Local SEO in 2026' })).toBeTruthy();
    expect(screen.getByText('What changed for local search.')).toBeTruthy();
    expect(screen.getByText('April 2, 2026').getAttribute('datetime')).toBe(POST.publishedAt);
    const headerTags = within(screen.getByTestId('header-tags')).getAllByRole('listitem');
    expect(headerTags.map((t) => t.textContent)).toEqual(['#seo', '#local', '#maps']);
    const allTags = within(screen.getByTestId('all-tags')).getAllByRole('listitem');
    expect(allTags.map((t) => t.textContent)).toEqual(['#seo', '#local', '#maps', '#reviews']);
  });

  it('the body turns line breaks into <br> and drops scripts', async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST) });
    renderPost();
    const body = await screen.findByTestId('post-body');
    expect(body.innerHTML).toBe('First line<br>Second line');
  });

  it('a markdown body (and one from an answer without a format) renders as markdown or as before', async () => {
    const markdown = {
      ...POST,
      content: '## Plan\n\nFirst **line**\n<script>alert(1)</script>',
      contentFormat: 'markdown',
    };
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(markdown) });
    renderPost();
    const body = await screen.findByTestId('post-body');
    expect(body.querySelector('h2')?.textContent).toBe('Plan');
    expect(body.querySelector('strong')?.textContent).toBe('line');
    expect(body.innerHTML).not.toContain('script');
  });

  it('library images in the body render as <picture> with AVIF/WebP sources and their size; others stay plain', async () => {
    const post = {
      ...POST,
      content:
        '![Team at work](/uploads/abc.png)\n\n![](/uploads/noalt.png)\n\n![Logo](https://cdn.example/logo.png)',
      contentFormat: 'markdown' as const,
      images: {
        '/uploads/abc.png': {
          src: '/uploads/abc.png',
          width: 1600,
          height: 900,
          alt: 'Library alt',
          sources: [
            { type: 'image/avif' as const, srcset: '/uploads/abc-480.avif 480w, /uploads/abc-960.avif 960w' },
            { type: 'image/webp' as const, srcset: '/uploads/abc-480.webp 480w, javascript:alert(1) 960w' },
          ],
        },
        '/uploads/noalt.png': {
          src: '/uploads/noalt.png',
          width: 10,
          height: 5,
          alt: 'From the library',
          sources: [],
        },
      },
    };
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(post) });
    renderPost();
    const body = await screen.findByTestId('post-body');
    const pictures = body.querySelectorAll('picture');
    expect(pictures).toHaveLength(2);
    const sources = pictures[0]!.querySelectorAll('source');
    // A srcset that is not made of /uploads files is left out.
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif']);
    expect(sources[0]!.getAttribute('srcset')).toBe('/uploads/abc-480.avif 480w, /uploads/abc-960.avif 960w');
    expect(sources[0]!.getAttribute('sizes')).toBeTruthy();
    const img = pictures[0]!.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual([
      '1600',
      '900',
      'Team at work',
    ]);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(pictures[1]!.querySelector('img')!.getAttribute('alt')).toBe('From the library');
    const plain = body.querySelector('img[src="https://cdn.example/logo.png"]')!;
    expect(plain.closest('picture')).toBeNull();
  });

  it('the sidebar shows the author initial, Stay Updated, Need Help? and the Related Articles link', async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST), [ApiRoutes.blogPosts]: ok([POST, OTHER]) });
    renderPost();
    await screen.findByRole('heading', { name: 'Related Articles' });
    expect((await screen.findByTestId('author-initial')).textContent).toBe('M');
    expect(screen.getByRole('heading', { name: 'About the Author' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('#newsletter');
    expect(screen.getByRole('link', { name: 'Get in Touch' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'View All Articles' }).getAttribute('href')).toBe('/blog');
  });

  // Issue 41 defect 11: the band names other articles (the post's category first), or is not there.
  it('Related Articles names other articles, those of the same category first, and is absent when there are none', async () => {
    const sameCategory = { ...OTHER, id: 9, slug: 'maps-reviews', title: 'Maps reviews', category: 'SEO' };
    fakeApi({
      [ApiRoutes.blogPost(POST.slug)]: ok(POST),
      [ApiRoutes.blogPosts]: ok([OTHER, POST, sameCategory]),
    });
    const { unmount } = renderPost();
    const related = await screen.findByTestId('related-articles');
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Maps reviews', '/blog/maps-reviews'],
      ['Paid social basics', '/blog/paid-social'],
    ]);
    unmount();

    const api = fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST), [ApiRoutes.blogPosts]: ok([POST]) });
    renderPost();
    await screen.findByRole('heading', { name: 'About the Author' });
    await vi.waitFor(() => expect(api.calls.some((c) => c.url === ApiRoutes.blogPosts)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading', { name: 'Related Articles' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View All Articles' })).toBeNull();
  });

  it("About the Author shows the author's role from the post, and none when the post has none", async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok({ ...POST, authorRole: 'Head of Paid Media' }) });
    const { unmount } = renderPost();
    const about = (await screen.findByRole('heading', { name: 'About the Author' })).parentElement!;
    expect(within(about).getByText('maria Lopez').nextElementSibling?.textContent).toBe('Head of Paid Media');
    unmount();

    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST) });
    renderPost();
    const bare = (await screen.findByRole('heading', { name: 'About the Author' })).parentElement!;
    expect(within(bare).getByText('maria Lopez').nextElementSibling).toBeNull();
    expect(within(bare).queryByText('Senior Strategist')).toBeNull();
  });

  it('Share uses the share sheet with title, excerpt and the current URL when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST) });
    renderPost();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: POST.title, text: POST.excerpt, url: window.location.href });
  });

  it('Share without a share sheet copies the link and says so in a toast', async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST) });
    renderPost();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it('markup: no complementary landmark inside the article, and named lists take their name from page text', async () => {
    fakeApi({ [ApiRoutes.blogPost(POST.slug)]: ok(POST) });
    const { container } = renderPost();
    await screen.findByRole('heading', { level: 1, name: POST.title });
    expect(container.querySelectorAll('article aside')).toHaveLength(0);
    // aria-label on a plain element (a list, a div) has no effect: the name is text the page holds.
    expect(
      container.querySelectorAll('ul[aria-label], ol[aria-label], div[aria-label]:not([role])'),
    ).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Tags' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About the Author' })).toBeTruthy();
  });
});
