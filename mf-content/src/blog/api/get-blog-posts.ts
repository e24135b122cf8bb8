import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes, type BlogPost } from '@agency/contracts/browser';
import { getJson } from '@agency/ui';

export const getBlogPosts = () => getJson<BlogPost[]>(ApiRoutes.blogPosts);

export const blogPostsQueryOptions = () =>
  queryOptions({ queryKey: [ApiRoutes.blogPosts], queryFn: getBlogPosts, retry: false });

export const useBlogPosts = () => useQuery(blogPostsQueryOptions());
