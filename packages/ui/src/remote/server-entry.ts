import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** Loads what a page shows into the request's query cache, with the same query options the page uses. */
export type PagePrefetch = (client: QueryClient, params: Record<string, string>) => Promise<unknown>;

/**
 * What a remote's server build (`dist/server/entry-server.js`) exports: the modules it exposes to the
 * browser, by the same names, and per page the data to fetch before rendering it.
 */
export interface RemoteServerEntry {
  modules: Record<string, ComponentType<object>>;
  prefetch?: Record<string, PagePrefetch>;
  /** The shared singletons as this build imports them (see singletons.ts). */
  sharedSingletons: Record<string, object>;
}
