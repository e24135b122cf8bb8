import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, SLUG_PATTERN } from '@agency/contracts/browser';
import { blogPostReader } from '@agency/contracts/readers';
import { getJson, readAnswer } from '@agency/ui';

export const getBlogPost = async (slug: string) =>
  readAnswer(blogPostReader, await getJson(ApiRoutes.blogPost(slug)), 'blog post');

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [ApiRoutes.blogPost(slug)], queryFn: () => getBlogPost(slug), retry: false });

/** Malformed slugs cannot exist, so they are never fetched. */
export const useBlogPost = (slug: string) =>
  useQuery({ ...blogPostQueryOptions(slug), enabled: SLUG_PATTERN.test(slug) });
