import type { Service } from '@agency/contracts/browser';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson } from './api-client';
import { loadReaders } from './load-readers';
import { readListOf } from './tolerant';

/**
 * The published services (GET /api/services?published=true), shared by the shell's footer and the
 * marketing pages (home grid, services overview): one query key, one request, one shape, read item by
 * item (an item without an id, title or slug is left out; any other odd field reads as its default).
 */
export type { Service };

export async function getServices(): Promise<Service[]> {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.services);
  return readListOf((await readers).serviceReader, body, 'services');
}

/** `useQuery(servicesQueryOptions)`: a plain object, so @agency/ui needs no react-query import. */
export const servicesQueryOptions = {
  queryKey: ['services', { published: true }],
  queryFn: getServices,
  retry: false,
  refetchOnWindowFocus: false,
} as const;
