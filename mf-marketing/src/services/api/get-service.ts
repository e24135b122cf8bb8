import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN, serviceDetailSchema, type ServiceDetail } from '@agency/contracts';
import { getJson } from '@agency/ui';

/** displayOrder only sorts lists; an answer without it (another API release) still shows the page. */
const pageSchema = serviceDetailSchema.extend({
  displayOrder: serviceDetailSchema.shape.displayOrder.catch(0),
});

export async function getService(slug: string): Promise<ServiceDetail> {
  return pageSchema.parse(await getJson(ApiRoutes.service(slug)));
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
