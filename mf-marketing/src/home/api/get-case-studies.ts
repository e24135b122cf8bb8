import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeCaseStudyCard } from '@agency/contracts';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, readList } from '@agency/ui';
import { asParser, readHomeCaseStudyCard } from '../../shared/readers';

/** Published case studies, read as home cards (see readList). */
export async function getCaseStudies(): Promise<HomeCaseStudyCard[]> {
  return readList(await getJson<unknown>(ApiRoutes.caseStudies), asParser(readHomeCaseStudyCard), 'case studies');
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
