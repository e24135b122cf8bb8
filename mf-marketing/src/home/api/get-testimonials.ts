import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestimonialCard } from '@agency/contracts/readers';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson, loadReaders, readListOf } from '@agency/ui';

/** Published testimonials, each read for what its card shows (see readListOf). */
export async function getTestimonials(): Promise<TestimonialCard[]> {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.testimonials);
  return readListOf((await readers).testimonialCardReader, body, 'testimonials');
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', { published: true }],
    queryFn: getTestimonials,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
