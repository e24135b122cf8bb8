import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN, type CaseStudy } from '@agency/contracts/browser';
import { getJson } from '@agency/ui';

export const getCaseStudy = (slug: string) => getJson<CaseStudy>(ApiRoutes.caseStudy(slug));

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
