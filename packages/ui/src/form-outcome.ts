import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormName, FormOutcome } from '@agency/contracts/form-posts';

/**
 * The outcome of a form this browser posted without JavaScript (see FormRoutes): the page renderer
 * hands the server render the visitor's one-time flash (or null), the shell's render puts it in the
 * query cache (entry-server.tsx), and the page carries it in its dehydrated state, so the browser
 * hydrates the same state. Nothing ever fetches it: a page the browser renders on its own has none.
 */
export const formOutcomeQueryOptions = queryOptions({
  queryKey: ['form-outcome'],
  queryFn: async (): Promise<FormOutcome | null> => null,
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
