import '../styles.css';
import type { PagePrefetch } from '@agency/ui/page-prefetch';
import { blogPostsQueryOptions } from '../blog/api/get-blog-posts';

export { BlogPage as default } from '../blog/components/blog-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(blogPostsQueryOptions());
