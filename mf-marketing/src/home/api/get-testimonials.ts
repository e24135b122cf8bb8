import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, testimonialCardSchema, type TestimonialCard } from '@agency/contracts';
import { getJson, readList } from '@agency/ui';

/** Published testimonials, each read for what its card shows (see readList). */
export async function getTestimonials(): Promise<TestimonialCard[]> {
  return readList(await getJson<unknown>(ApiRoutes.testimonials), testimonialCardSchema, 'testimonials');
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', { published: true }],
    queryFn: getTestimonials,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
