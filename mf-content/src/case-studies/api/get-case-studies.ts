import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { caseStudyReader } from '@agency/contracts/readers';
import { getJson, readListOf } from '@agency/ui';

export const getCaseStudies = async () =>
  readListOf(caseStudyReader, await getJson(ApiRoutes.caseStudies), 'case studies');

/** Spec section 4: case-study queries never retry and never refetch on focus. */
export const caseStudiesQueryOptions = () =>
  queryOptions({
    queryKey: [ApiRoutes.caseStudies],
    queryFn: getCaseStudies,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useCaseStudies = () => useQuery(caseStudiesQueryOptions());
