/**
 * The page owns its head: a page renders `<PageHead head={…} />` with a builder from
 * @agency/contracts/page-head and the data it shows. In the browser the tags are React 19 hoistables:
 * the ones the server wrote are taken over on hydration, and a page's tags leave the head with the
 * page on client-side navigation. On the server the head is handed to the renderer instead (the scope's
 * `collect`), which writes it, JSON-LD and the image preload included, into the first HTML with the
 * page's status. Part of the shared remote-module singleton: one scope for the shell and every remote.
 */
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import { useHydrated } from '../use-hydrated';
import {
  SERVER_HEAD_ATTRIBUTE,
  headTags,
  type HeadSite,
  type PageHead as Head,
} from '@agency/contracts/page-head';

export interface HeadScope {
  site: HeadSite;
  /** The page's path as its head names it (headPath of the location). */
  path: string;
  /** A staff preview of content: the head says noindex whatever the item is. */
  noindex?: true;
  /** Server render: the page's head goes to the renderer instead of into the HTML. */
  collect?: (head: Head) => void;
}

const Scope = createContext<HeadScope | null>(null);
export const HeadScopeProvider = Scope.Provider;

export type HeadBuilder = (site: HeadSite, path: string) => Head;

/**
 * The server's database head, which a page rendered in the browser replaces: its marked tags, and its
 * title (React puts the page's title before the first one there is). Only when the page did not
 * hydrate: a hydrating page takes the server's tags over (React owns them then), marked or not.
 */
function useReplaceServerHead() {
  // useHydrated is false while React hydrates, true in a render of the browser's own.
  const hydrating = !useHydrated();
  const hydrated = useRef(hydrating);
  useLayoutEffect(() => {
    if (hydrated.current) return;
    document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}], title ~ title`).forEach((el) => el.remove());
  }, []);
}

export function PageHead({ head }: { head: HeadBuilder }) {
  const scope = useContext(Scope);
  useReplaceServerHead();
  if (!scope) return null;
  const declared = head(scope.site, scope.path);
  const built = scope.noindex ? { ...declared, noindex: true } : declared;
  if (scope.collect) {
    scope.collect(built);
    return null;
  }
  return headTags(built, scope.site).map((t) => {
    if (t.tag === 'title') return <title key="title">{t.text}</title>;
    if (t.tag === 'script' || t.firstLoad) return null;
    const key = t.attrs['name'] ?? t.attrs['property'] ?? t.attrs['rel'];
    return t.tag === 'meta' ? <meta key={key} {...t.attrs} /> : <link key={key} {...t.attrs} />;
  });
}
