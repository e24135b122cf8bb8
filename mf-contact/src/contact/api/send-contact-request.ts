import { useMutation } from '@tanstack/react-query';
import { ApiRoutes, type ContactRequest } from '@agency/contracts/browser';
import { apiRequest } from '@agency/ui';

export async function sendContactRequest(input: ContactRequest): Promise<unknown> {
  const res = await apiRequest('POST', ApiRoutes.contacts, input);
  return res.json();
}

export function useSendContactRequest() {
  return useMutation({ mutationFn: sendContactRequest, retry: false });
}
