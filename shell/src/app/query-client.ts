import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        // A query the server answered with an error is shown as that error, not fetched again.
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  });
}
