import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeCaseStudyCard } from '@agency/contracts/readers';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, loadReaders, readListOf } from '@agency/ui';

/** Published case studies, read as home cards (see readListOf). */
export async function getCaseStudies(): Promise<HomeCaseStudyCard[]> {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.caseStudies);
  return readListOf((await readers).homeCaseStudyCardReader, body, 'case studies');
}

// Its own key: the content remote caches full case studies, these are trimmed to the card's fields.
export const caseStudiesQueryOptions = () =>
  queryOptions({
    queryKey: ['case-studies', { published: true }, 'home-cards'],
    queryFn: getCaseStudies,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useCaseStudies = () => useQuery(caseStudiesQueryOptions());
