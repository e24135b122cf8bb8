import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN } from '@agency/contracts/browser';
import { getJson, loadReaders, readAnswer } from '@agency/ui';

export async function getBlogPost(slug: string) {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.blogPost(slug));
  return readAnswer((await readers).blogPostReader, body, 'blog post');
}

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [ApiRoutes.blogPost(slug)], queryFn: () => getBlogPost(slug), retry: false });

/** Malformed slugs cannot exist, so they are never fetched. */
export const useBlogPost = (slug: string) =>
  useQuery({ ...blogPostQueryOptions(slug), enabled: SLUG_PATTERN.test(slug) });
