import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { headPath, siteDefaultsOf, type HeadSite, type PageHead } from '@agency/contracts/page-head';
import type { PageHeadContext } from '@agency/contracts/page-data';
import { FALLBACK_SITE_SETTINGS, siteSettingsQueryOptions } from '@agency/ui';
import { HeadScopeProvider } from '@agency/ui/remote-module';

/**
 * Where the page's head goes: what only the server knows (the public origin, a preview's noindex;
 * handed to the browser in the page's PAGE_DATA_IDS.head block) and, in a server render, the
 * renderer's collector, which takes the site facts the head was built with too.
 */
export interface DocumentHead extends PageHeadContext {
  collect?: (head: PageHead, site: HeadSite) => void;
}

const DocumentHeadContext = createContext<DocumentHead | null>(null);
export const DocumentHeadProvider = DocumentHeadContext.Provider;

/** Gives every page below the head's site facts (the CMS's settings) and its path. */
export function SiteHeadScope({ children }: { children: ReactNode }) {
  const document = useContext(DocumentHeadContext);
  const { pathname } = useLocation();
  const { data = FALLBACK_SITE_SETTINGS } = useQuery(siteSettingsQueryOptions);
  const origin = document?.origin ?? '';
  const collect = document?.collect;
  const noindex = document?.noindex;
  const site = useMemo(() => ({ ...siteDefaultsOf(data), origin }), [data, origin]);
  const path = headPath(pathname);
  const scope = useMemo(
    () => ({
      site,
      path,
      ...(noindex ? { noindex } : {}),
      ...(collect ? { collect: (head: PageHead) => collect(head, site) } : {}),
    }),
    [site, path, noindex, collect],
  );
  if (!document) return children;
  return <HeadScopeProvider value={scope}>{children}</HeadScopeProvider>;
}
