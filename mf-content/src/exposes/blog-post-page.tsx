import '../styles.css';
import { whenSlug, type PagePrefetch } from '@agency/ui/page-prefetch';
import { blogPostQueryOptions } from '../blog/api/get-blog-post';
import { blogPostsQueryOptions } from '../blog/api/get-blog-posts';

export { BlogPostPage as default } from '../blog/components/blog-post-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
/** The post, and the list its Related Articles band is made of. */
export const prefetch: PagePrefetch = (client, { slug }) =>
  whenSlug(slug, (s) =>
    Promise.all([
      client.prefetchQuery(blogPostQueryOptions(s)),
      client.prefetchQuery(blogPostsQueryOptions()),
    ]),
  );
