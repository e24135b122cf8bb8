import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN, type BlogPost } from '@agency/contracts/browser';
import { getJson } from '@agency/ui';

export const getBlogPost = (slug: string) => getJson<BlogPost>(ApiRoutes.blogPost(slug));

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [ApiRoutes.blogPost(slug)], queryFn: () => getBlogPost(slug), retry: false });

/** Malformed slugs cannot exist, so they are never fetched. */
export const useBlogPost = (slug: string) =>
  useQuery({ ...blogPostQueryOptions(slug), enabled: SLUG_PATTERN.test(slug) });
