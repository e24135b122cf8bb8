import type { DehydratedState } from '@tanstack/react-query';

/** What the server render hands to the browser, as JSON in its `PAGE_DATA_IDS.ssrState` block. */
export interface SsrState {
  /** The query cache as the server left it: the browser does not refetch what it was given. */
  queries: DehydratedState;
}
