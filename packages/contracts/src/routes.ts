/** API paths shared by the api and the remotes. */
export const ApiRoutes = {
  health: '/healthz',
  contacts: '/api/contacts',
  newsletter: '/api/newsletter',
  remotesManifest: '/remotes-manifest.json',
  contentBlock: (identifier: string) => `/api/content-blocks/${encodeURIComponent(identifier)}`,
  services: '/api/services?published=true',
  service: (slug: string) => `/api/services/${encodeURIComponent(slug)}`,
  testimonials: '/api/testimonials?published=true',
  caseStudies: '/api/case-studies?published=true',
  caseStudy: (slug: string) => `/api/case-studies/${encodeURIComponent(slug)}`,
  blogPosts: '/api/blog-posts?published=true',
  blogPost: (slug: string) => `/api/blog-posts/${encodeURIComponent(slug)}`,
  resources: '/api/resources?published=true',
  pages: (slug: string) => `/api/pages/${encodeURIComponent(slug)}`,
  /** The OpenAPI 3.1 document of every public and staff operation. */
  openApi: '/api/openapi.json',
} as const;

/** Remote names as the shell and the manifest know them. */
export const REMOTE_NAMES = ['mf_marketing', 'mf_content', 'mf_contact', 'mf_cms'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The workspace folder of each remote: its build is served at /remotes/<folder>/. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mf_marketing: 'mf-marketing',
  mf_content: 'mf-content',
  mf_contact: 'mf-contact',
  mf_cms: 'mf-cms',
};

export interface RemotesManifest {
  remotes: Record<RemoteName, { entry: string }>;
}
