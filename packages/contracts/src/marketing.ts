import { z } from 'zod';
import { slug } from './common';
import { responsiveImageSchema } from './content';
import {
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  SERVICE_ICONS,
  SERVICE_VISUALS,
  SITE_PATH_PATTERN,
} from './content-values';

export {
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  FOUNDING_SERVICES,
  foundingService,
  type FoundingServiceSlug,
  SERVICE_ICONS,
  SERVICE_VISUALS,
  SERVICE_VISUAL_GRADIENTS,
  visualOfGradient,
  type ServiceIcon,
  type ServiceVisual,
} from './content-values';

export const DEFAULT_TESTIMONIAL_RATING = 5;

/** The content block the home hero reads. */
export const HOMEPAGE_HERO_IDENTIFIER = 'homepage-hero';

export const contentBlockParamsSchema = z.object({ identifier: slug }).strict();

export const contentBlockSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  identifier: z.string(),
  type: z.string().default('hero'),
  // Staff may store odd JSON; visitors then get an empty object and the page's defaults.
  content: z.record(z.string(), z.unknown()).catch({}),
  published: z.boolean().default(true),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const heroMetricSchema = z.object({
  value: z.string().min(1, 'Enter the value, e.g. 247%'),
  label: z.string().min(1, 'Enter the label'),
  /** CSS width of the metric's bar, e.g. '85%'. */
  width: z.string().regex(/^\d{1,3}(?:\.\d+)?%$/, 'Use a percentage such as 85%'),
});
export type HeroMetric = z.infer<typeof heroMetricSchema>;

export const ctaSchema = z.object({
  text: z.string().min(1, 'Enter the button text'),
  /** Site-relative path only: the hero never sends visitors off-site. */
  href: z.string().regex(SITE_PATH_PATTERN, 'Use a site path such as /contact'),
});
export type Cta = z.infer<typeof ctaSchema>;

/** `content` of the 'homepage-hero' block; every field is optional so a partial block still renders. */
export const homepageHeroContentSchema = z.object({
  title: z.string().min(1).optional(),
  subtitle: z.string().min(1).optional(),
  metrics: z.array(heroMetricSchema).min(1, 'Add at least one metric').optional(),
  primaryCTA: ctaSchema.optional(),
  secondaryCTA: ctaSchema.optional(),
});
export type HomepageHeroContent = z.infer<typeof homepageHeroContentSchema>;

/**
 * The spec's home hero: the API seeds it as the 'homepage-hero' block, and the home page shows it for
 * any field the block lacks (or when the block is missing, inactive or unreadable).
 */
export const HOMEPAGE_HERO_DEFAULTS: Required<HomepageHeroContent> = {
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

/** Items of a stored list that do not parse are left out; a list that is not a list reads as empty. */
const tolerantList = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((i) => {
        const r = item.safeParse(i);
        return r.success ? [r.data as z.output<T>] : [];
      }),
    );

/** One "What's included" item; an older plain-text feature reads as a title without a description. */
export const serviceFeatureSchema = z.union([
  z.string().transform((title) => ({ title, description: '' })),
  z.object({ title: z.string(), description: z.string().catch('') }),
]);
export type ServiceFeature = z.output<typeof serviceFeatureSchema>;
export const serviceStepSchema = z.object({ phase: z.string(), description: z.string().catch('') });
export type ServiceStep = z.output<typeof serviceStepSchema>;

/** A public service as the lists show it (home grid, services overview, footer). */
export const serviceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The card text. */
  description: z.string(),
  icon: z.enum(SERVICE_ICONS).catch(DEFAULT_SERVICE_ICON),
  visual: z.enum(SERVICE_VISUALS).catch(DEFAULT_SERVICE_VISUAL),
  /** The titles of its features: the overview card's 'included' list. */
  features: tolerantList(serviceFeatureSchema).transform((fs) => fs.map((f) => f.title)),
  /** One line of typical results ('' when none). */
  provenResult: z.string().catch(''),
  displayOrder: z.number().int(),
});
export type Service = z.output<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

export const serviceTestimonialSchema = z.object({
  quote: z.string(),
  author: z.string().catch(''),
  role: z.string().catch(''),
});
export type ServiceTestimonial = z.output<typeof serviceTestimonialSchema>;

/** GET /api/services/:slug: everything the service's own page shows. */
export const serviceDetailSchema = serviceSchema.extend({
  subtitle: z.string().catch(''),
  /** The page's introduction (the card text is `description`). */
  intro: z.string().catch(''),
  features: tolerantList(serviceFeatureSchema),
  benefits: tolerantList(z.string()),
  process: tolerantList(serviceStepSchema),
  /** null when the service has no quote. */
  testimonial: serviceTestimonialSchema.nullable().catch(null),
});
export type ServiceDetail = z.output<typeof serviceDetailSchema>;

export const serviceParamsSchema = z.object({ slug }).strict();

export const testimonialSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  imageUrl: z.string().nullable(),
  rating: z.number().int().min(1).max(5).default(DEFAULT_TESTIMONIAL_RATING),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListSchema = z.array(testimonialSchema);

/**
 * What a testimonial card shows, as the home page reads it: the quote and the name are required;
 * the rest falls back to a default, and fields the card does not show are ignored.
 */
export const testimonialCardSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  content: z.string().min(1),
  name: z.string().min(1),
  title: z.string().catch(''),
  company: z.string().catch(''),
  imageUrl: z.string().nullable().catch(null),
  rating: z.number().int().min(1).max(5).catch(DEFAULT_TESTIMONIAL_RATING),
});
export type TestimonialCard = z.output<typeof testimonialCardSchema>;

/** What the home hero reads of its content block: the content only (odd JSON reads as none). */
export const heroBlockReaderSchema = z.object({
  content: z.record(z.string(), z.unknown()).catch({}),
});

/**
 * The fields of a public case study the home page card reads (spec section 3). The full case-study
 * contract lives with the content feature; this is only what home depends on.
 */
export const homeCaseStudyCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  imageUrl: z.string().nullish(),
  image: responsiveImageSchema.nullable().optional().catch(null),
  industry: z.string(),
  duration: z.string(),
  challenge: z.string(),
  results: z.array(z.object({ metric: z.string(), value: z.string() })).default([]),
});
export type HomeCaseStudyCard = z.infer<typeof homeCaseStudyCardSchema>;

/** Spec section 9: home shows at most 2 case studies with at most 3 result metrics each. */
export const HOME_CASE_STUDY_LIMIT = 2;
export const CASE_STUDY_CARD_RESULT_LIMIT = 3;
