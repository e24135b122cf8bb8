import { z } from 'zod';
import { slug } from './common';
import { socialImageFocusSchema } from './content';
import {
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  DEFAULT_TESTIMONIAL_RATING,
  EXTERNAL_HTTPS,
  HERO_BAR_WIDTH,
  HOMEPAGE_HERO_DEFAULTS,
  HOMEPAGE_HERO_IDENTIFIER,
  SERVICE_ICONS,
  SERVICE_VISUALS,
  SITE_PATH_PATTERN,
} from './content-values';

export {
  CASE_STUDY_CARD_RESULT_LIMIT,
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  DEFAULT_TESTIMONIAL_RATING,
  HERO_BAR_WIDTH,
  HOME_CASE_STUDY_LIMIT,
  HOMEPAGE_HERO_DEFAULTS,
  HOMEPAGE_HERO_IDENTIFIER,
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

/** The longest hero title and subtitle: past these the hero wraps below the first screen of a phone. */
export const HERO_LIMITS = { title: 90, subtitle: 300 } as const;

export const HeroMessages = {
  title: 'Enter the title',
  titleTooLong: `Keep the title to ${HERO_LIMITS.title} characters: a longer one pushes the buttons below the first screen on phones`,
  subtitleTooLong: `Keep the subtitle to ${HERO_LIMITS.subtitle} characters`,
  width: 'Use a percentage from 0% to 100%, such as 85%',
  href: 'Use a site path such as /contact or an https:// link',
  deadLink: (path: string) => `No page of the site is at ${path}: link to an existing page`,
  unknownField: (key: string) => `Unknown field "${key}": the hero has no such field`,
  builtInIdentifier: (identifier: string) =>
    `The built-in block keeps its identifier "${identifier}" (the site reads it by that name)`,
  builtInType: (type: string) => `The built-in block keeps its type "${type}"`,
} as const;

export const heroMetricSchema = z.object({
  value: z.string().min(1, 'Enter the value, e.g. 247%'),
  label: z.string().min(1, 'Enter the label'),
  /** CSS width of the metric's bar, from 0% to 100% (a wider bar would run off its card). */
  width: z.string().regex(HERO_BAR_WIDTH, HeroMessages.width),
});
export type HeroMetric = z.infer<typeof heroMetricSchema>;

export const ctaSchema = z.object({
  text: z.string().min(1, 'Enter the button text'),
  /** A site path (checked against the site's pages when saved) or an external https:// link. */
  href: z.string().refine((v) => SITE_PATH_PATTERN.test(v) || EXTERNAL_HTTPS.test(v), HeroMessages.href),
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
/** The spec's hero (content-values.ts) is a complete hero: a type error here when the two part. */
const _heroDefaultsFit: Required<HomepageHeroContent> = HOMEPAGE_HERO_DEFAULTS;

/**
 * Hero content as staff save it: a title, then the optional fields, each object strict (a misspelt
 * field such as `titel` is refused rather than stored and ignored). Whether an internal link names an
 * existing page is checked by the API, which knows the pages.
 */
export const heroContentInputSchema = z
  .object({
    title: z
      .string({ error: HeroMessages.title })
      .trim()
      .min(1, HeroMessages.title)
      .max(HERO_LIMITS.title, HeroMessages.titleTooLong),
    subtitle: z.string().trim().min(1).max(HERO_LIMITS.subtitle, HeroMessages.subtitleTooLong).optional(),
    metrics: z.array(heroMetricSchema.strict()).min(1, 'Add at least one metric').optional(),
    primaryCTA: ctaSchema.strict().optional(),
    secondaryCTA: ctaSchema.strict().optional(),
  })
  .strict();

/** Blocks the site itself reads by identifier, and the type each must keep. */
export const BUILT_IN_BLOCKS: Readonly<Record<string, string>> = { [HOMEPAGE_HERO_IDENTIFIER]: 'hero' };

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
  /** A picture staff chose for the social card instead of the generated one (none: absent). */
  socialImageUrl: z.string().optional().catch(undefined),
  /** Its focal point, when it is a library image staff set one on: the card's crop keeps it in view. */
  socialImageFocus: socialImageFocusSchema,
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
