import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRoutes } from '@agency/contracts/browser';
import { getJson, loadReaders, readListOf } from '@agency/ui';

export async function getBlogPosts() {
  const readers = loadReaders();
  const body = await getJson(ApiRoutes.blogPosts);
  return readListOf((await readers).blogPostReader, body, 'blog posts');
}

export const blogPostsQueryOptions = () =>
  queryOptions({ queryKey: [ApiRoutes.blogPosts], queryFn: getBlogPosts, retry: false });

export const useBlogPosts = () => useQuery(blogPostsQueryOptions());
