import { queryOptions, useQuery } from '@tanstack/react-query';
import { SLUG_PATTERN } from '@agency/contracts/content-values';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, loadReaders, readAnswer } from '@agency/ui';

/** displayOrder only sorts lists; an answer without it (another API release) still shows the page. */
export async function getService(slug: string) {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.service(slug));
  return readAnswer((await readers).serviceDetailReader, body, 'service');
}

/** One published service's page content; a 404 (unknown or unpublished) is the query's error. */
export const serviceQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['services', 'detail', slug],
    queryFn: () => getService(slug),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Malformed slugs cannot exist, so they are never fetched. */
export const useService = (slug: string) =>
  useQuery({ ...serviceQueryOptions(slug), enabled: SLUG_PATTERN.test(slug) });
