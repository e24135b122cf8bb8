import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { getJson, loadReaders, readAnswer } from '@agency/ui';

export async function getPage(slug: string) {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.pages(slug));
  return readAnswer((await readers).publicPageReader, body, 'page');
}

export const pageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [ApiRoutes.pages(slug)], queryFn: () => getPage(slug), retry: false });

export const usePage = (slug: string, enabled: boolean) => useQuery({ ...pageQueryOptions(slug), enabled });
