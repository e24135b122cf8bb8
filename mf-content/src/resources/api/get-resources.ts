import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { getJson, loadReaders, readListOf } from '@agency/ui';

export async function getResources() {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.resources);
  return readListOf((await readers).resourceReader, body, 'resources');
}

export const resourcesQueryOptions = () =>
  queryOptions({ queryKey: [ApiRoutes.resources], queryFn: getResources, retry: false });

export const useResources = () => useQuery(resourcesQueryOptions());
