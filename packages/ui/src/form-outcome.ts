import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_OUTCOME_PATH, type FormName, type FormOutcome } from '@agency/contracts/form-posts';
import { getJson } from './api-client';

/**
 * The outcome of a form this browser posted without JavaScript (see FormRoutes): the server render
 * asks for it (the page renderer answers from the visitor's one-time flash, or null) and the page
 * carries it in its dehydrated state, so the browser hydrates the same state. The browser itself never
 * asks: a page it renders on its own has no outcome.
 */
export const formOutcomeQueryOptions = queryOptions({
  queryKey: ['form-outcome'],
  queryFn: async (): Promise<FormOutcome | null> =>
    typeof window === 'undefined' ? getJson<FormOutcome | null>(FORM_OUTCOME_PATH).catch(() => null) : null,
  staleTime: Infinity,
});

/**
 * This form's outcome from the page's server render, or null. Read once, when the form mounts (what
 * the visitor sees then is the form's own state), and then dropped from the cache, so the form shown
 * again after a client-side navigation starts blank.
 */
export function useFormOutcome(form: FormName, resourceId?: number): FormOutcome | null {
  const { data } = useQuery(formOutcomeQueryOptions);
  const mine = data && data.form === form && (resourceId === undefined || data.resourceId === resourceId);
  const [outcome] = useState<FormOutcome | null>(mine ? data : null);
  const client = useQueryClient();
  useEffect(() => {
    if (outcome) client.setQueryData(formOutcomeQueryOptions.queryKey, null);
  }, [client, outcome]);
  return outcome;
}
