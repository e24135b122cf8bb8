import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, homeCaseStudyCardSchema, type HomeCaseStudyCard } from '@agency/contracts';
import { getJson } from '@agency/ui';

/**
 * Published case studies, read as home cards. Items that do not fit the card are skipped rather than
 * failing the whole section; a non-array answer counts as an error.
 */
export async function getCaseStudies(): Promise<HomeCaseStudyCard[]> {
  const body = await getJson<unknown>(ApiRoutes.caseStudies);
  if (!Array.isArray(body)) throw new Error('Case studies answer is not a list');
  return body.flatMap((item) => {
    const parsed = homeCaseStudyCardSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
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
