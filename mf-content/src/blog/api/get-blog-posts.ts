import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { blogPostReader } from '@agency/contracts/readers';
import { getJson, readListOf } from '@agency/ui';

export const getBlogPosts = async () =>
  readListOf(blogPostReader, await getJson(ApiRoutes.blogPosts), 'blog posts');

export const blogPostsQueryOptions = () =>
  queryOptions({ queryKey: [ApiRoutes.blogPosts], queryFn: getBlogPosts, retry: false });

export const useBlogPosts = () => useQuery(blogPostsQueryOptions());
