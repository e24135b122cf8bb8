import { queryOptions, useQuery } from '@tanstack/react-query';
import { testimonialCardReader, type TestimonialCard } from '@agency/contracts/readers';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, readListOf } from '@agency/ui';

/** Published testimonials, each read for what its card shows (see readListOf). */
export async function getTestimonials(): Promise<TestimonialCard[]> {
  return readListOf(testimonialCardReader, await getJson(ApiRoutes.testimonials), 'testimonials');
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', { published: true }],
    queryFn: getTestimonials,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
