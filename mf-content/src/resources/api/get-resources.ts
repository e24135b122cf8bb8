import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { resourceReader } from '@agency/contracts/readers';
import { getJson, readListOf } from '@agency/ui';

export const getResources = async () =>
  readListOf(resourceReader, await getJson(ApiRoutes.resources), 'resources');

export const resourcesQueryOptions = () =>
  queryOptions({ queryKey: [ApiRoutes.resources], queryFn: getResources, retry: false });

export const useResources = () => useQuery(resourcesQueryOptions());
