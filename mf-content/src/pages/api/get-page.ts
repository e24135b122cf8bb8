import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { publicPageReader } from '@agency/contracts/readers';
import { getJson, readAnswer } from '@agency/ui';

export const getPage = async (slug: string) =>
  readAnswer(publicPageReader, await getJson(ApiRoutes.pages(slug)), 'page');

export const pageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [ApiRoutes.pages(slug)], queryFn: () => getPage(slug), retry: false });

export const usePage = (slug: string, enabled: boolean) => useQuery({ ...pageQueryOptions(slug), enabled });
