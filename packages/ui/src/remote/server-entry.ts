import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { SLUG_PATTERN } from '@agency/contracts/content-values';

/**
 * Loads what a page shows into the request's query cache, with the same query options the page uses.
 * Exported by the page's own module in `src/exposes/` (`export const prefetch`), beside the component.
 */
export type PagePrefetch = (client: QueryClient, params: Record<string, string>) => Promise<unknown>;

/** A slug the page would not even ask the API for is not fetched on the server either. */
export const whenSlug = (slug: string | undefined, load: (slug: string) => Promise<unknown>) =>
  slug && SLUG_PATTERN.test(slug) ? load(slug) : Promise.resolve();

/**
 * What a remote's server build (`dist/server/entry-server.js`) exports: the modules it exposes to the
 * browser, by the same names, and per page the data to fetch before rendering it (both derived from
 * `src/exposes/`, see @agency/federation-config/exposed-modules).
 */
export interface RemoteServerEntry {
  modules: Record<string, ComponentType<object>>;
  prefetch?: Record<string, PagePrefetch>;
  /** The shared singletons as this build imports them (see singletons.ts). */
  sharedSingletons: Record<string, object>;
}
