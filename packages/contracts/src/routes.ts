import { fillPath, type PathArgs } from './paths';
import { contentApiPaths } from './content-api-paths';
import type { RemoteName } from './remote-names';
import type { SiteRoute } from './site-routes';

const BLOG_POSTS = contentApiPaths('blog-posts');
const CASE_STUDIES = contentApiPaths('case-studies');
const SERVICES = contentApiPaths('services');

/**
 * Every public API path, once, as a pattern. The API's Express mounts, its OpenAPI paths, the
 * response cache's matchers and keys and the clients' URLs (ApiRoutes) are all built from it.
 */
export const API_PATHS = {
  contacts: '/api/contacts',
  newsletter: '/api/newsletter',
  contentBlock: contentApiPaths('content-blocks', 'identifier').item,
  services: SERVICES.list,
  service: SERVICES.item,
  testimonials: contentApiPaths('testimonials').list,
  caseStudies: CASE_STUDIES.list,
  caseStudy: CASE_STUDIES.item,
  blogPosts: BLOG_POSTS.list,
  blogPost: BLOG_POSTS.item,
  resources: contentApiPaths('resources').list,
  resourceLeads: '/api/resources/:id/leads',
  resourceDownload: '/api/resources/:id/download',
  page: contentApiPaths('pages').item,
  siteSettings: '/api/site-settings',
  /** The OpenAPI 3.1 document of every public and staff operation. */
  openApi: '/api/openapi.json',
} as const;
export type ApiPathName = keyof typeof API_PATHS;

/** A client URL: `apiPath('blogPost', { slug })` → `/api/blog-posts/my-post` (parameters escaped). */
export const apiPath = <N extends ApiPathName>(name: N, ...params: PathArgs<(typeof API_PATHS)[N]>): string =>
  fillPath(API_PATHS[name], ...params);

/** A pattern as a router mounted at /api sees it: `/api/blog-posts/:slug` → `/blog-posts/:slug`. */
export const underApi = (pattern: string): string => pattern.slice('/api'.length);

const PUBLISHED_ONLY = '?published=true';

/** API URLs the remotes fetch (built from API_PATHS; lists ask for published items only). */
export const ApiRoutes = {
  contacts: API_PATHS.contacts,
  newsletter: API_PATHS.newsletter,
  remotesManifest: '/remotes-manifest.json',
  contentBlock: (identifier: string) => apiPath('contentBlock', { identifier }),
  services: `${API_PATHS.services}${PUBLISHED_ONLY}`,
  service: (slug: string) => apiPath('service', { slug }),
  testimonials: `${API_PATHS.testimonials}${PUBLISHED_ONLY}`,
  caseStudies: `${API_PATHS.caseStudies}${PUBLISHED_ONLY}`,
  caseStudy: (slug: string) => apiPath('caseStudy', { slug }),
  blogPosts: `${API_PATHS.blogPosts}${PUBLISHED_ONLY}`,
  blogPost: (slug: string) => apiPath('blogPost', { slug }),
  resources: `${API_PATHS.resources}${PUBLISHED_ONLY}`,
  pages: (slug: string) => apiPath('page', { slug }),
} as const;

// Declared in remote-names.ts, which the route table (site-routes.ts) reads too without a cycle.
export { REMOTE_NAMES, type RemoteName } from './remote-names';

/** The workspace folder of each remote: its build is served at /remotes/<folder>/. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mf_marketing: 'mf-marketing',
  mf_content: 'mf-content',
  mf_contact: 'mf-contact',
  mf_cms: 'mf-cms',
};

export interface RemotesManifest {
  remotes: Record<RemoteName, { entry: string }>;
  /**
   * The site's route table composed from these releases' pages (site-routes.ts composeSiteRoutes);
   * absent (an older server): the table the shell was built with.
   */
  routes?: SiteRoute[];
}
