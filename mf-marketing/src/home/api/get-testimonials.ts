import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, testimonialSchema, type Testimonial } from '@agency/contracts';
import { getJson } from '@agency/ui';

/**
 * Published testimonials, read per item: one unreadable item is skipped instead of replacing every
 * real testimonial with the fallbacks, and a missing imageUrl (the card does not show it) reads as
 * null. A non-array answer counts as an error.
 */
export async function getTestimonials(): Promise<Testimonial[]> {
  const body = await getJson<unknown>(ApiRoutes.testimonials);
  if (!Array.isArray(body)) throw new Error('Testimonials answer is not a list');
  return body.flatMap((item: unknown) => {
    const parsed = testimonialSchema.safeParse(
      item && typeof item === 'object' ? { imageUrl: null, ...item } : item,
    );
    return parsed.success ? [parsed.data] : [];
  });
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', { published: true }],
    queryFn: getTestimonials,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
