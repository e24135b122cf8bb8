import type { QueryClient } from '@tanstack/react-query';

/**
 * The footer's copyright year: the server render's clock, handed to the browser with the page's
 * queries (so hydration agrees, and a page rendered on 31 December says the same in both); a page
 * rendered in the browser alone reads the browser's clock.
 */
const RENDER_YEAR_KEY = ['render-year'] as const;

const yearOf = (now: number) => new Date(now).getUTCFullYear();

export const renderYearQueryOptions = {
  queryKey: RENDER_YEAR_KEY,
  queryFn: () => yearOf(Date.now()),
  staleTime: Infinity,
  gcTime: Infinity,
};

/** Called by the server render before it renders: the year of `now` is the page's. */
export function setRenderYear(client: QueryClient, now: number) {
  client.setQueryData(RENDER_YEAR_KEY, yearOf(now));
}
