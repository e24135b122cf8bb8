import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, testimonialListSchema, type Testimonial } from '@agency/contracts';
import { getJson } from '@agency/ui';

export async function getTestimonials(): Promise<Testimonial[]> {
  return testimonialListSchema.parse(await getJson(ApiRoutes.testimonials));
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', { published: true }],
    queryFn: getTestimonials,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
