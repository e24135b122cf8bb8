import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { headPath, siteDefaultsOf, type PageHead } from '@agency/contracts/page-head';
import { FALLBACK_SITE_SETTINGS, siteSettingsQueryOptions } from '@agency/ui';
import { HeadScopeProvider } from '@agency/ui/remote-module';

/**
 * Where the page's head goes: the public origin its absolute URLs use (the server's PUBLIC_URL, handed
 * to the browser in the page's start-up data) and, in a server render, the renderer's collector.
 */
export interface DocumentHead {
  origin: string;
  collect?: (head: PageHead) => void;
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
  const site = useMemo(() => ({ ...siteDefaultsOf(data), origin }), [data, origin]);
  const path = headPath(pathname);
  const scope = useMemo(() => ({ site, path, ...(collect ? { collect } : {}) }), [site, path, collect]);
  if (!document) return children;
  return <HeadScopeProvider value={scope}>{children}</HeadScopeProvider>;
}
