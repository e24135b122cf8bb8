import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, type Resource } from '@agency/contracts/browser';
import { getJson } from '@agency/ui';

export const getResources = () => getJson<Resource[]>(ApiRoutes.resources);

export const resourcesQueryOptions = () =>
  queryOptions({ queryKey: [ApiRoutes.resources], queryFn: getResources, retry: false });

export const useResources = () => useQuery(resourcesQueryOptions());
