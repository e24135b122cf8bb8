import { useEffect } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { fakeApi, ok } from '@agency/ui/testing';
import { useDocumentMeta } from './use-document-meta';

const metaPath = (path: string) => `/api/page-meta?path=${encodeURIComponent(path)}`;
const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

/** The router's navigate, handed out once the page has mounted. */
const router: { navigate?: NavigateFunction } = {};
function Page() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  useDocumentMeta();
  return null;
}
const navigate = (path: string) => act(() => void router.navigate!(path));

describe('the head on client-side navigation', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it("takes the new page's social card, and a 404 keeps none of the page before", async () => {
    const card = {
      url: '/api/social-card.png?path=%2Fblog%2Fa&v=1',
      width: 1200,
      height: 630,
      alt: 'Post A',
    };
    const api = fakeApi({
      [metaPath('/blog/a')]: ok({
        status: 200,
        title: 'Post A',
        description: 'About A',
        canonical: 'http://site.test/blog/a',
        noindex: false,
        image: card,
      }),
      [metaPath('/nope')]: ok({
        status: 404,
        title: 'Page Not Found',
        description: 'Missing',
        canonical: 'http://site.test/nope',
        noindex: true,
        image: null,
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );

    navigate('/blog/a');
    await waitFor(() => expect(content('meta[property="og:image"]')).toBe(card.url));
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(content('meta[name="twitter:image:alt"]')).toBe('Post A');
    expect(content('meta[name="twitter:title"]')).toBe('Post A');

    navigate('/nope');
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
    expect(content('meta[name="twitter:card"]')).toBe('summary');
    expect(content('meta[name="twitter:title"]')).toBe('Page Not Found');
    expect(
      document.head.querySelectorAll('meta[property^="og:image"], meta[name^="twitter:image"]'),
    ).toHaveLength(0);
  });
});
