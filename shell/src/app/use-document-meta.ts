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
        if (m.image) {
          setMeta('meta[property="og:image"]', meta({ property: 'og:image' }), 'content', m.image.url);
          setMeta(
            'meta[property="og:image:alt"]',
            meta({ property: 'og:image:alt' }),
            'content',
            m.image.alt,
          );
          setMeta('meta[name="twitter:image"]', meta({ name: 'twitter:image' }), 'content', m.image.url);
        }
      })
      .catch(() => {});
    return () => controller.abort();
  }, [pathname]);
}
