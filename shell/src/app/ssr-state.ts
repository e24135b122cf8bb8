import type { DehydratedState } from '@tanstack/react-query';

/** What the server render hands to the browser, as JSON in `<script type="application/json" id="ssr-state">`. */
export interface SsrState {
  /** The query cache as the server left it: the browser does not refetch what it was given. */
  queries: DehydratedState;
}

export const SSR_STATE_ELEMENT_ID = 'ssr-state';
