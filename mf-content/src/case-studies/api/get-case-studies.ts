import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { getJson, loadReaders, readListOf } from '@agency/ui';

export async function getCaseStudies() {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.caseStudies);
  return readListOf((await readers).caseStudyReader, body, 'case studies');
}

/** Spec section 4: case-study queries never retry and never refetch on focus. */
export const caseStudiesQueryOptions = () =>
  queryOptions({
    queryKey: [ApiRoutes.caseStudies],
    queryFn: getCaseStudies,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useCaseStudies = () => useQuery(caseStudiesQueryOptions());
