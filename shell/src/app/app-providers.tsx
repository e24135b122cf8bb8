import { StrictMode, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/**
 * The providers around the router, identical on the server and in the browser (hydration needs it).
 * The Suspense boundary around the whole app makes React hydrate the server HTML at low priority in
 * small slices (a completed server boundary is hydrated off the critical path), instead of one long
 * task that would block the main thread on a slow phone.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <Suspense>{children}</Suspense>
      </QueryClientProvider>
    </StrictMode>
  );
}
