import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN } from '@agency/contracts/browser';
import { caseStudyReader } from '@agency/contracts/readers';
import { getJson, readAnswer } from '@agency/ui';

export const getCaseStudy = async (slug: string) =>
  readAnswer(caseStudyReader, await getJson(ApiRoutes.caseStudy(slug)), 'case study');

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
