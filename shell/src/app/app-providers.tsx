import { StrictMode, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DocumentHeadProvider, type DocumentHead } from './head-scope';

/**
 * The providers around the router, identical on the server and in the browser (hydration needs it).
 * The Suspense boundary around the whole app makes React hydrate the server HTML at low priority in
 * small slices (a completed server boundary is hydrated off the critical path), instead of one long
 * task that would block the main thread on a slow phone.
 */
export function AppProviders({
  client,
  head,
  children,
}: {
  client: QueryClient;
  /** Where the pages' heads go (without it, as in component tests, pages render no head). */
  head?: DocumentHead;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <DocumentHeadProvider value={head ?? null}>
          <Suspense>{children}</Suspense>
        </DocumentHeadProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
