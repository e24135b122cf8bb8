/** Server build of mf-content: the modules it exposes, and the data each page shows. */
import { SLUG_PATTERN } from '@agency/contracts/browser';
import { exposedModules } from '@agency/federation-config/exposed-modules';
import type { PagePrefetch, RemoteServerEntry } from '@agency/ui/server-entry';
import { blogPostQueryOptions } from './blog/api/get-blog-post';
import { blogPostsQueryOptions } from './blog/api/get-blog-posts';
import { caseStudiesQueryOptions } from './case-studies/api/get-case-studies';
import { caseStudyQueryOptions } from './case-studies/api/get-case-study';
import { pageQueryOptions } from './pages/api/get-page';
import { resourcesQueryOptions } from './resources/api/get-resources';

export const modules: RemoteServerEntry['modules'] = exposedModules(
  import.meta.glob('./exposes/*.tsx', { eager: true }),
);

/** A slug the pages would not even ask the API for is not fetched here either. */
const ifSlug = (slug: string | undefined, load: (slug: string) => Promise<unknown>) =>
  slug && SLUG_PATTERN.test(slug) ? load(slug) : Promise.resolve();

export const prefetch: Record<string, PagePrefetch> = {
  CaseStudiesPage: (client) => client.prefetchQuery(caseStudiesQueryOptions()),
  CaseStudyDetailPage: (client, { slug }) =>
    ifSlug(slug, (s) => client.prefetchQuery(caseStudyQueryOptions(s))),
  BlogPage: (client) => client.prefetchQuery(blogPostsQueryOptions()),
  // The post, and the list its Related Articles band is made of.
  BlogPostPage: (client, { slug }) =>
    ifSlug(slug, (s) =>
      Promise.all([
        client.prefetchQuery(blogPostQueryOptions(s)),
        client.prefetchQuery(blogPostsQueryOptions()),
      ]),
    ),
  ResourcesPage: (client) => client.prefetchQuery(resourcesQueryOptions()),
  ResourceAccessPage: (client) => client.prefetchQuery(resourcesQueryOptions()),
  CmsPage: (client, { slug }) => ifSlug(slug, (s) => client.prefetchQuery(pageQueryOptions(s))),
};

export { sharedSingletons } from '@agency/ui/singletons';
