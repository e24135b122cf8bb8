import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeCaseStudyCardReader, type HomeCaseStudyCard } from '@agency/contracts/readers';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, readListOf } from '@agency/ui';

/** Published case studies, read as home cards (see readListOf). */
export async function getCaseStudies(): Promise<HomeCaseStudyCard[]> {
  return readListOf(homeCaseStudyCardReader, await getJson(ApiRoutes.caseStudies), 'case studies');
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
