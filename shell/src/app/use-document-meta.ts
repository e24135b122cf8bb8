import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

interface PageMetaAnswer {
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
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
 * same resolver (/api/page-meta) and keeps title, description, canonical and robots in step.
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
        setMeta(
          'link[rel="canonical"]',
          () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
          'href',
          m.canonical,
        );
      })
      .catch(() => {});
    return () => controller.abort();
  }, [pathname]);
}
