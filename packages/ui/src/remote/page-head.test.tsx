import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SERVER_HEAD_ATTRIBUTE,
  blogPostHead,
  notFoundHead,
  type HeadSite,
} from '@agency/contracts/page-head';
import { HeadScopeProvider, PageHead, type HeadBuilder } from './page-head';

const site: HeadSite = {
  siteName: 'Distilled Digital',
  defaultMetaDescription: 'Default description',
  socialLinks: [],
  origin: 'https://agency.example',
};
const post = {
  title: 'Core Web Vitals',
  excerpt: 'What moves rankings',
  category: 'SEO',
  author: 'Ana',
  tags: ['seo'],
  published: true,
  publishedAt: '2026-03-03T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};

const headTags = () =>
  [...document.head.querySelectorAll('title, meta, link')].map((el) =>
    el.tagName === 'TITLE'
      ? `title ${el.textContent}`
      : `${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? el.getAttribute('property') ?? el.getAttribute('rel')}=${el.getAttribute('content') ?? el.getAttribute('href')}`,
  );

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  document.head.innerHTML = '';
});

function show(head: HeadBuilder, scope: { path: string; collect?: (h: unknown) => void }) {
  container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const render = (builder: HeadBuilder | null, path = scope.path) =>
    act(() =>
      root.render(
        <HeadScopeProvider value={{ site, ...scope, path }}>
          {builder ? <PageHead head={builder} /> : <p>no head</p>}
        </HeadScopeProvider>,
      ),
    );
  render(head);
  return { render, root };
}

describe('PageHead', () => {
  it("puts the page's tags in the document's head, and takes them away with the page", () => {
    const { render } = show((s, p) => blogPostHead(s, p, post), { path: '/blog/cwv' });
    expect(document.title).toBe('Core Web Vitals | Distilled Digital');
    expect(headTags()).toEqual(
      expect.arrayContaining([
        'link canonical=https://agency.example/blog/cwv',
        'meta og:type=article',
        'meta article:published_time=2026-03-03T09:00:00.000Z',
        'meta robots=index, follow',
        'link alternate=https://agency.example/blog/rss.xml',
      ]),
    );
    // JSON-LD and the preload are for the first HTML only: crawlers read the server's.
    expect(document.head.querySelector('script')).toBeNull();
    render((s, p) => notFoundHead(s, p, 'blog-post'), '/blog/gone');
    expect(document.title).toBe('Article Not Found | Distilled Digital');
    const tags = headTags();
    expect(tags).toContain('meta robots=noindex, nofollow');
    expect(tags.filter((t) => /canonical|published_time|og:image|alternate/.test(t))).toEqual([]);
    render(null);
    expect(headTags()).toEqual([]);
  });

  const serverHead = (mark = '') =>
    `<title>Core Web Vitals | Distilled Digital</title><link rel="canonical" href="https://agency.example/blog/cwv"${mark}><meta name="robots" content="index, follow"${mark}><script type="application/ld+json">{}</script>`;
  const once = () =>
    ['title', 'link[rel="canonical"]', 'meta[name="robots"]', 'script'].map(
      (selector) => document.head.querySelectorAll(selector).length,
    );

  /** The post's page hydrating over an empty server render (its head is all it renders). */
  const hydratePost = async () => {
    container = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      hydrateRoot(
        container!,
        <HeadScopeProvider value={{ site, path: '/blog/cwv' }}>
          <PageHead head={(s, p) => blogPostHead(s, p, post)} />
        </HeadScopeProvider>,
      );
    });
  };

  it('takes over, as it hydrates, the tags the server wrote instead of adding a second copy', async () => {
    document.head.innerHTML = serverHead();
    await hydratePost();
    expect(once()).toEqual([1, 1, 1, 1]);
  });

  it('takes over, as it hydrates, even the tags the server marked (React owns them then: none is removed)', async () => {
    document.head.innerHTML = serverHead(` ${SERVER_HEAD_ATTRIBUTE}`);
    await hydratePost();
    expect(once()).toEqual([1, 1, 1, 1]);
    expect(document.head.querySelector(`link[rel="canonical"][${SERVER_HEAD_ATTRIBUTE}]`)).not.toBeNull();
  });

  it('replaces the database head the server wrote for a page it did not render (no tag twice)', () => {
    document.head.innerHTML = serverHead(` ${SERVER_HEAD_ATTRIBUTE}`);
    show((s, p) => blogPostHead(s, p, post), { path: '/blog/cwv' });
    // JSON-LD is the first HTML's alone: it stays.
    expect(once()).toEqual([1, 1, 1, 1]);
    expect(document.head.querySelector(`[${SERVER_HEAD_ATTRIBUTE}]`)).toBeNull();
  });

  it('in a server render, hands the head to the renderer and writes no tag', () => {
    const collected: unknown[] = [];
    show((s, p) => notFoundHead(s, p, 'service'), { path: '/services/x', collect: (h) => collected.push(h) });
    expect(collected).toEqual([expect.objectContaining({ status: 404, title: 'Service Not Found' })]);
    expect(headTags()).toEqual([]);
  });
});
