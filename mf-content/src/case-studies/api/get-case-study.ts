import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN } from '@agency/contracts/browser';
import { getJson, loadReaders, readAnswer } from '@agency/ui';

export async function getCaseStudy(slug: string) {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.caseStudy(slug));
  return readAnswer((await readers).caseStudyReader, body, 'case study');
}

export const caseStudyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [ApiRoutes.caseStudy(slug)],
    queryFn: () => getCaseStudy(slug),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Malformed slugs cannot exist, so they are never fetched. */
export const useCaseStudy = (slug: string) =>
  useQuery({ ...caseStudyQueryOptions(slug), enabled: SLUG_PATTERN.test(slug) });
