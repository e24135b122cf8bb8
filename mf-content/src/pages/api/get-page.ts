import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, type PublicPage } from '@agency/contracts/browser';
import { getJson } from '@agency/ui';

export const getPage = (slug: string) => getJson<PublicPage>(ApiRoutes.pages(slug));

export const pageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [ApiRoutes.pages(slug)], queryFn: () => getPage(slug), retry: false });

export const usePage = (slug: string, enabled: boolean) => useQuery({ ...pageQueryOptions(slug), enabled });
