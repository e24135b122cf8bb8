import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ResourceRoutes, type ResourceLead, type ResourceLeadResponse } from '@agency/contracts/browser';
import { apiRequest, loadReaders, readAnswer } from '@agency/ui';
import { resourcesQueryOptions } from './get-resources';

export async function requestResourceAccess(input: {
  resourceId: number;
  lead: ResourceLead;
}): Promise<ResourceLeadResponse> {
  const readers = loadReaders();
  const res = await apiRequest('POST', ResourceRoutes.leads(input.resourceId), input.lead);
  return readAnswer((await readers).resourceLeadResponseReader, await res.json(), 'download link');
}

/** Stores the lead; the answer holds a short-lived download URL. The list refetches its counts. */
export function useRequestResourceAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestResourceAccess,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourcesQueryOptions().queryKey }),
  });
}
