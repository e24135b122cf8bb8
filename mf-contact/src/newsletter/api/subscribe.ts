import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput } from '@agency/contracts/browser';
import { ApiRoutes } from '@agency/contracts/routes';
import { apiRequest } from '@agency/ui';

export async function subscribe(input: NewsletterInput): Promise<unknown> {
  const res = await apiRequest('POST', ApiRoutes.newsletter, input);
  return res.json();
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe, retry: false });
}
