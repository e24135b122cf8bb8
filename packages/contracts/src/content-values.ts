/**
 * Values of the public content contracts that carry no schema (so importing them pulls in no zod):
 * what the browser needs besides types. content.ts and common.ts re-export them for the API.
 */

/** Lowercase words joined by single hyphens: every slug of the site. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The usual blog categories: the blog hero's chips list those in use in this order, before any other. */
export const BLOG_CATEGORIES = ['SEO', 'Paid Media', 'Analytics', 'Strategy', 'Industry Insights'] as const;

export const RESOURCE_TYPES = ['ebook', 'whitepaper', 'guide', 'checklist', 'template'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const ResourceRoutes = {
  leads: (id: number) => `/api/resources/${id}/leads`,
  download: (id: number) => `/api/resources/${id}/download`,
} as const;

/** The markdown body of a page, or '' when the CMS stored none. */
export function pageBody(page: { content: Record<string, unknown> }): string {
  const body = page.content['body'];
  return typeof body === 'string' ? body : '';
}

/** Icons a public service may name (spec section 3); anything else shows the default. */
export const SERVICE_ICONS = ['search', 'target', 'trending', 'bot', 'shopping', 'palette'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];
export const DEFAULT_SERVICE_ICON: ServiceIcon = 'search';
/**
 * The colour treatments a service may name (each front end maps a name to its own styling);
 * anything else shows the default.
 */
export const SERVICE_VISUALS = ['ocean', 'ember', 'indigo', 'orchid', 'forest', 'sunset'] as const;
export type ServiceVisual = (typeof SERVICE_VISUALS)[number];
export const DEFAULT_SERVICE_VISUAL: ServiceVisual = 'ocean';
/**
 * The gradient class each visual had in the first service contract (spec: a public service carries
 * `gradient`, default service-seo). Public answers still carry it; clients that send one are read.
 */
export const SERVICE_VISUAL_GRADIENTS: Record<ServiceVisual, string> = {
  ocean: 'service-seo',
  ember: 'service-paid-media',
  indigo: 'service-data-science',
  orchid: 'service-ai-automations',
  forest: 'service-shopify',
  sunset: 'service-web-design',
};
export const visualOfGradient = (gradient: unknown): ServiceVisual | undefined =>
  SERVICE_VISUALS.find((v) => SERVICE_VISUAL_GRADIENTS[v] === gradient);
