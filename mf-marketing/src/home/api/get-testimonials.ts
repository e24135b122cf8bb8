import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestimonialCard } from '@agency/contracts';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, readList } from '@agency/ui';
import { asParser, readTestimonialCard } from '../../shared/readers';

/** Published testimonials, each read for what its card shows (see readList). */
export async function getTestimonials(): Promise<TestimonialCard[]> {
  return readList(await getJson<unknown>(ApiRoutes.testimonials), asParser(readTestimonialCard), 'testimonials');
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', { published: true }],
    queryFn: getTestimonials,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
