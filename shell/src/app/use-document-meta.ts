import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

interface PageMetaAnswer {
  status: number;
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
  image?: { url: string; width: number; height: number; alt: string } | null;
}

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

const meta = (attrs: Record<string, string>) => () => {
  const el = document.createElement('meta');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
};

/**
 * The card tags as the server writes them (api/src/site/seo/render-head.ts): a page with a card names
 * it for Open Graph and Twitter; a page without one (a 404) carries none, so a card of the page
 * before never lingers.
 */
function setSocialCard(image: PageMetaAnswer['image']) {
  setMeta(
    'meta[name="twitter:card"]',
    meta({ name: 'twitter:card' }),
    'content',
    image ? 'summary_large_image' : 'summary',
  );
  if (!image) {
    document.head
      .querySelectorAll('meta[property^="og:image"], meta[name^="twitter:image"]')
      .forEach((el) => el.remove());
    return;
  }
  const tags: [string, Record<string, string>, string][] = [
    ['meta[property="og:image"]', { property: 'og:image' }, image.url],
    ['meta[property="og:image:type"]', { property: 'og:image:type' }, 'image/png'],
    ['meta[property="og:image:width"]', { property: 'og:image:width' }, String(image.width)],
    ['meta[property="og:image:height"]', { property: 'og:image:height' }, String(image.height)],
    ['meta[property="og:image:alt"]', { property: 'og:image:alt' }, image.alt],
    ['meta[name="twitter:image"]', { name: 'twitter:image' }, image.url],
    ['meta[name="twitter:image:alt"]', { name: 'twitter:image:alt' }, image.alt],
  ];
  for (const [selector, attrs, value] of tags) setMeta(selector, meta(attrs), 'content', value);
}

/**
 * The server writes each route's head into the first HTML; on client-side navigation this asks the
 * same resolver (/api/page-meta) and keeps title, description, canonical, robots and the social card
 * in step.
 */
export function useDocumentMeta() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    fetch(`/api/page-meta?path=${encodeURIComponent(pathname)}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<PageMetaAnswer>) : null))
      .then((m) => {
        if (!m) return;
        document.title = m.title;
        setMeta('meta[name="description"]', meta({ name: 'description' }), 'content', m.description);
        setMeta('meta[property="og:title"]', meta({ property: 'og:title' }), 'content', m.title);
        setMeta(
          'meta[property="og:description"]',
          meta({ property: 'og:description' }),
          'content',
          m.description,
        );
        setMeta('meta[property="og:url"]', meta({ property: 'og:url' }), 'content', m.canonical);
        setMeta(
          'meta[name="robots"]',
          meta({ name: 'robots' }),
          'content',
          m.noindex ? 'noindex, nofollow' : 'index, follow',
        );
        // A missing page has no address of its own: no canonical (as the server renders it).
        if (m.status === 404) document.head.querySelector('link[rel="canonical"]')?.remove();
        else
          setMeta(
            'link[rel="canonical"]',
            () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
            'href',
            m.canonical,
          );
        setMeta('meta[name="twitter:title"]', meta({ name: 'twitter:title' }), 'content', m.title);
        setMeta(
          'meta[name="twitter:description"]',
          meta({ name: 'twitter:description' }),
          'content',
          m.description,
        );
        setSocialCard(m.image ?? null);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [pathname]);
}
