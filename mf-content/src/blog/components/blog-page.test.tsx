import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, type BlogPost } from '@agency/contracts/browser';
import { fakeApi, ok, renderScreen, serverError } from '@agency/ui/testing';
import { BlogPage } from './blog-page';

const post = (n: number, over: Partial<BlogPost> = {}): BlogPost => ({
  id: n,
  slug: `post-${n}`,
  title: `Post number ${n}`,
  excerpt: `Excerpt of post ${n}.`,
  content: 'Body',
  contentFormat: 'html',
  category: 'SEO',
  author: 'Jane Doe',
  tags: [],
  publishedAt: '2026-03-05T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  published: true,
  ...over,
});

describe('BlogPage', () => {
  it('while loading shows the hero and an announced skeleton of 6 cards', () => {
    fakeApi({ [ApiRoutes.blogPosts]: 'pending' });
    renderScreen(<BlogPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Insights That Drive Growth' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading articles…');
    expect(screen.getAllByTestId('blog-skeleton')).toHaveLength(6);
  });

  it("the decorative topic chips are the spec's six, then any other category in use", async () => {
    fakeApi({
      [ApiRoutes.blogPosts]: ok([
        post(1, { category: 'Strategy' }),
        post(2, { category: 'Email' }),
        post(3, { category: 'SEO' }),
        post(4, { category: 'Strategy' }),
        post(5, { category: 'Analytics' }),
      ]),
    });
    renderScreen(<BlogPage />);
    await screen.findByRole('heading', { name: 'Featured Article' });
    const chips = within(screen.getByRole('list', { name: 'Topics we write about' })).getAllByRole(
      'listitem',
    );
    expect(chips.map((c) => c.textContent)).toEqual([
      'All',
      'SEO',
      'Paid Media',
      'Analytics',
      'Strategy',
      'Industry Insights',
      'Email',
    ]);
  });

  it('an API error becomes "Unable to Load Blog Posts" with a way home', async () => {
    fakeApi({ [ApiRoutes.blogPosts]: serverError });
    renderScreen(<BlogPage />);
    expect(await screen.findByRole('heading', { name: 'Unable to Load Blog Posts' })).toBeTruthy();
    expect(
      screen.getByText("We're experiencing technical difficulties. Please try again later."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('no posts: "Blog Coming Soon" with links to /contact and /resources, and no featured article', async () => {
    fakeApi({ [ApiRoutes.blogPosts]: ok([]) });
    renderScreen(<BlogPage />);
    expect(await screen.findByRole('heading', { name: 'Blog Coming Soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Talk to Our Team' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Browse Resources' }).getAttribute('href')).toBe('/resources');
    expect(screen.queryByText('Featured Article')).toBeNull();
  });

  it('one post: it is featured and the rest of the page says "Blog Coming Soon"', async () => {
    fakeApi({ [ApiRoutes.blogPosts]: ok([post(1)]) });
    renderScreen(<BlogPage />);
    const featured = await screen.findByTestId('featured-article');
    expect(within(featured).getByRole('heading', { name: 'Post number 1' })).toBeTruthy();
    expect(
      within(featured)
        .getByRole('link', { name: /Read Article/ })
        .getAttribute('href'),
    ).toBe('/blog/post-1');
    expect(screen.getByRole('heading', { name: 'Blog Coming Soon' })).toBeTruthy();
  });

  it('the first post is featured and the rest are Latest Articles cards linking to the post', async () => {
    fakeApi({ [ApiRoutes.blogPosts]: ok([post(1), post(2), post(3)]) });
    renderScreen(<BlogPage />);
    expect(await screen.findByRole('heading', { name: 'Featured Article' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Latest Articles' })).toBeTruthy();
    const cards = screen.getAllByTestId('blog-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Post number 2' })).toBeTruthy();
    expect(
      within(cards[0]!)
        .getByRole('link', { name: /Read More/ })
        .getAttribute('href'),
    ).toBe('/blog/post-2');
    expect(within(cards[1]!).getByText('Jane Doe')).toBeTruthy();
    expect(screen.queryByText('Blog Coming Soon')).toBeNull();
  });

  it('a card cuts a long excerpt at 120 characters with an ellipsis and keeps a short one whole', async () => {
    const long = 'x'.repeat(130);
    fakeApi({
      [ApiRoutes.blogPosts]: ok([post(1), post(2, { excerpt: long }), post(3, { excerpt: 'Short.' })]),
    });
    renderScreen(<BlogPage />);
    const excerpts = await screen.findAllByTestId('blog-card-excerpt');
    expect(excerpts[0]!.textContent).toBe(`${'x'.repeat(120)}...`);
    expect(excerpts[1]!.textContent).toBe('Short.');
  });

  it('a card dates by publishedAt, else createdAt, else says "Recent"', async () => {
    fakeApi({
      [ApiRoutes.blogPosts]: ok([
        post(1),
        post(2, { publishedAt: '2026-03-05T10:00:00.000Z' }),
        post(3, { publishedAt: null, createdAt: '2026-01-20T10:00:00.000Z' }),
        post(4, { publishedAt: null, createdAt: null }),
      ]),
    });
    renderScreen(<BlogPage />);
    const cards = await screen.findAllByTestId('blog-card');
    expect(cards[0]!.textContent).toContain('March 5, 2026');
    expect(cards[1]!.textContent).toContain('January 20, 2026');
    expect(cards[2]!.textContent).toContain('Recent');
  });

  it('a post the list cannot show is left out, the others still show: extra fields ignored, missing tags and category read as none', async () => {
    const { tags: _tags, category: _category, ...bare } = post(3);
    fakeApi({
      [ApiRoutes.blogPosts]: ok([
        post(1),
        { ...post(2), title: undefined },
        { ...bare, addedByANewerApi: { nested: true } },
        post(4),
      ]),
    });
    renderScreen(<BlogPage />);
    const featured = await screen.findByTestId('featured-article');
    expect(within(featured).getByRole('heading', { name: 'Post number 1' })).toBeTruthy();
    const cards = screen.getAllByTestId('blog-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Post number 3',
      'Post number 4',
    ]);
    expect(within(cards[0]!).getByText('Jane Doe')).toBeTruthy();
  });

  it('offers the newsletter through the #newsletter anchor', async () => {
    fakeApi({ [ApiRoutes.blogPosts]: ok([]) });
    renderScreen(<BlogPage />);
    const link = await screen.findByRole('link', { name: 'Subscribe to Our Newsletter' });
    expect(link.getAttribute('href')).toBe('#newsletter');
  });
});
