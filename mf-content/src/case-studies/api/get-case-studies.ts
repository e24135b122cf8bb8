import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, type CaseStudy } from '@agency/contracts/browser';
import { getJson } from '@agency/ui';

export const getCaseStudies = () => getJson<CaseStudy[]>(ApiRoutes.caseStudies);

/** Spec section 4: case-study queries never retry and never refetch on focus. */
export const caseStudiesQueryOptions = () =>
  queryOptions({
    queryKey: [ApiRoutes.caseStudies],
    queryFn: getCaseStudies,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useCaseStudies = () => useQuery(caseStudiesQueryOptions());
