/**
 * Values of the public content contracts that carry no schema (so importing them pulls in no zod):
 * what the browser needs besides types. content.ts, common.ts and marketing.ts re-export them for the API.
 */
import { apiPath } from './routes';

/**
 * A path on this site: one leading slash, no second slash or backslash after it (browsers read `//x`
 * and `/\x` as another host), no spaces and no backslashes.
 */
export const SITE_PATH_PATTERN = /^\/(?![/\\])[^\s\\]*$/;

/** Lowercase words joined by single hyphens: every slug of the site. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The usual blog categories: the blog hero's chips list those in use in this order, before any other. */
export const BLOG_CATEGORIES = ['SEO', 'Paid Media', 'Analytics', 'Strategy', 'Industry Insights'] as const;

export const RESOURCE_TYPES = ['ebook', 'whitepaper', 'guide', 'checklist', 'template'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const ResourceRoutes = {
  leads: (id: number) => apiPath('resourceLeads', { id }),
  download: (id: number) => apiPath('resourceDownload', { id }),
} as const;

/**
 * How a blog body is stored: 'markdown' (the CMS editor's) or 'html' (older posts, shown as the spec
 * has it: line breaks become <br>). Readers take anything else as 'html'.
 */
export const BLOG_BODY_FORMATS = ['html', 'markdown'] as const;
export type BlogBodyFormat = (typeof BLOG_BODY_FORMATS)[number];

/** Contact requests and resource leads are kept this many months after the last contact, unless Settings say otherwise. */
export const DEFAULT_LEAD_RETENTION_MONTHS = 24;

/**
 * What a page's markdown may name in double braces, filled from the public site settings where the
 * page renders (server and browser alike): `{{retentionMonths}}` on the privacy page.
 */
const PAGE_PLACEHOLDERS: Record<string, (s: { leadRetentionMonths: number }) => string> = {
  retentionMonths: (s) => String(s.leadRetentionMonths),
};

/** The markdown with its known placeholders filled; an unknown one stays as typed. */
export function fillPagePlaceholders(markdown: string, settings: { leadRetentionMonths: number }): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(PAGE_PLACEHOLDERS, name) ? PAGE_PLACEHOLDERS[name]!(settings) : whole,
  );
}

/** The markdown body of a page, or '' when the CMS stored none. */
export function pageBody(page: { content: Record<string, unknown> }): string {
  const body = page.content['body'];
  return typeof body === 'string' ? body : '';
}

/**
 * The six services the site opens with (spec: the footer's service links and the services overview),
 * in the spec's order. The API seeds them; the footer falls back to them when the list is missing.
 */
export const FOUNDING_SERVICES = [
  { slug: 'seo', title: 'SEO & Content' },
  { slug: 'paid-media', title: 'Paid Media' },
  { slug: 'data-science', title: 'Data Science & Analytics' },
  { slug: 'ai-automations', title: 'AI Automations' },
  { slug: 'shopify', title: 'Shopify E-commerce' },
  { slug: 'web-design', title: 'Web Design' },
] as const;
export type FoundingServiceSlug = (typeof FOUNDING_SERVICES)[number]['slug'];
/** The slug and title of one founding service. */
export const foundingService = (slug: FoundingServiceSlug) => FOUNDING_SERVICES.find((s) => s.slug === slug)!;

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

/**
 * `sizes` of the case-study detail image: the <picture> and the server's preload of it must agree,
 * or the browser fetches two copies.
 */
export const CASE_STUDY_IMAGE_SIZES = '(min-width: 1024px) 800px, 100vw';

/* ---------- Home page (marketing) ---------- */

export const DEFAULT_TESTIMONIAL_RATING = 5;

/** The content block the home hero reads. */
export const HOMEPAGE_HERO_IDENTIFIER = 'homepage-hero';

/** 0% to 100%, decimals allowed: '85%', '100%', '12.5%'. */
export const HERO_BAR_WIDTH = /^(?:100(?:\.0+)?|\d{1,2}(?:\.\d+)?)%$/;
/** An external link the hero may offer (a booking page, say): https only. */
export const EXTERNAL_HTTPS = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;

/**
 * The spec's home hero: the API seeds it as the 'homepage-hero' block, and the home page shows it for
 * any field the block lacks (or when the block is missing, inactive or unreadable). marketing.ts checks
 * it against the hero's schema (this file imports nothing of the contracts' schemas: no zod, no cycle).
 */
export const HOMEPAGE_HERO_DEFAULTS = {
  title: 'Digital Performance, Distilled.',
  subtitle:
    'Senior strategists for SEO, paid media and analytics who turn your data into clear decisions and compounding growth. No junior hand-offs, no vanity metrics.',
  metrics: [
    { value: '247%', label: 'Avg. Traffic Growth', width: '85%' },
    { value: '$2.4M', label: 'Revenue Generated', width: '72%' },
    { value: '40+', label: 'Years Combined Exp.', width: '94%' },
  ],
  primaryCTA: { text: 'Start Your Growth Journey', href: '/contact' },
  secondaryCTA: { text: 'View Case Studies', href: '/case-studies' },
};

/** Spec section 9: home shows at most 2 case studies with at most 3 result metrics each. */
export const HOME_CASE_STUDY_LIMIT = 2;
export const CASE_STUDY_CARD_RESULT_LIMIT = 3;

/** The formats of a media-library image's responsive copies, best first. */
export const RESPONSIVE_IMAGE_TYPES = ['image/avif', 'image/webp'] as const;
export type ResponsiveImageType = (typeof RESPONSIVE_IMAGE_TYPES)[number];

const UPLOADS_PATH = /^\/uploads\/[a-z0-9][a-z0-9._-]*$/i;

/** A `srcset` of library copies: `<uploads path> <width>w` entries, separated by ', '. */
export const isLibrarySrcset = (srcset: string): boolean =>
  srcset.split(', ').every((c) => /^\S+ \d+w$/.test(c) && UPLOADS_PATH.test(c.split(' ')[0]!));

/** The footer's copyright year: a constant of the spec (section 10), not the clock. */
export const FOOTER_COPYRIGHT_YEAR = 2024;
