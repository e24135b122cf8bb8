import type { QueryClient } from '@tanstack/react-query';
import { SLUG_PATTERN } from '@agency/contracts/content-values';

/**
 * Loads what a page shows into the request's query cache, with the same query options the page uses.
 * Exported by the page's own module in `src/exposes/` (`export const prefetch`), beside the component;
 * the remote's server build collects them (server-entry.ts). It ships in the browser build too, so this
 * module stays small and browser-safe.
 */
export type PagePrefetch = (client: QueryClient, params: Record<string, string>) => Promise<unknown>;

/** A slug the page would not even ask the API for is not fetched on the server either. */
export const whenSlug = (slug: string | undefined, load: (slug: string) => Promise<unknown>) =>
  slug && SLUG_PATTERN.test(slug) ? load(slug) : Promise.resolve();
