import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, serviceListSchema, type Service } from '@agency/contracts';
import { getJson } from '@agency/ui';

export async function getServices(): Promise<Service[]> {
  return serviceListSchema.parse(await getJson(ApiRoutes.services));
}

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', { published: true }],
    queryFn: getServices,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useServices = () => useQuery(servicesQueryOptions());
