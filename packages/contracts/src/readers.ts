/**
 * How the public pages read the API's answers (STYLE.md, "Tolerant readers, strict writers"): one
 * reader schema per answer, in zod/mini (checks tree-shake; classic zod never reaches a public page).
 * A reader requires what its screen cannot do without, gives every other displayed field a default,
 * drops fields the screen does not use, and reads nested lists item by item. The remotes apply them
 * with `readAnswer` and `readListOf` (@agency/ui), which read a top-level list item by item too.
 *
 * Each reader's output is the contract's type, key for key (`SameKeys` below): a field renamed, added
 * or removed in content.ts or marketing.ts is a type error here, not a page that silently stops
 * showing it.
 */
import * as z from 'zod/mini';
import type {
  BlogPost,
  CaseStudy,
  PublicPage,
  Resource,
  ResourceLeadResponse,
  ResponsiveImage,
} from './content';
import type { SiteSettings } from './admin';
import type { Cta, HeroMetric, HomepageHeroContent, Service, ServiceDetail } from './marketing';
import { DEFAULT_SITE_SETTINGS } from './site-settings-defaults';
import {
  BLOG_BODY_FORMATS,
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  DEFAULT_TESTIMONIAL_RATING,
  EXTERNAL_HTTPS,
  HERO_BAR_WIDTH,
  HOMEPAGE_HERO_DEFAULTS,
  RESPONSIVE_IMAGE_TYPES,
  SERVICE_ICONS,
  SERVICE_VISUALS,
  SITE_PATH_PATTERN,
  isLibrarySrcset,
} from './content-values';

// As in forms.ts: no `new Function` probe, which our CSP (no 'unsafe-eval') reports on every page.
z.config({ jitless: true });

/**
 * Compiles only when a reader's output has exactly the contract type's keys (a type, so it costs the
 * bundle nothing): `type _BlogPost = SameKeys<typeof blogPostReader, BlogPost>`.
 */
type SameKeys<Reader extends z.ZodMiniType<Contract>, Contract, A = z.output<Reader>> = [
  Exclude<keyof A, keyof Contract>,
  Exclude<keyof Contract, keyof A>,
] extends [never, never]
  ? true
  : { readerOnly: Exclude<keyof A, keyof Contract>; contractOnly: Exclude<keyof Contract, keyof A> };
type Holds<T extends true> = T;

// The helpers are pure (like zod's own functions), so a page that uses one reader ships only that one.
/** Shown text the screen can do without: '' when missing or not text. */
// @__NO_SIDE_EFFECTS__
const text = () => z.catch(z.string(), '');
// @__NO_SIDE_EFFECTS__
const nonEmpty = () => z.string().check(z.minLength(1));
/** An optional field: absent when missing or malformed. */
// @__NO_SIDE_EFFECTS__
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.catch(z.optional(schema), undefined));
/** Items that do not read are left out; a value that is not a list reads as an empty one. */
// @__NO_SIDE_EFFECTS__
const tolerantList = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items: unknown[]) =>
      items.flatMap((i) => {
        const r = z.safeParse(item, i);
        return r.success ? [r.data as z.output<T>] : [];
      }),
    ),
  );

/* ---------- Library images ---------- */

/** An image's focal point, in percent of its width and height. */
const focalPointReader = z.object({
  x: z.number().check(z.gte(0), z.lte(100)),
  y: z.number().check(z.gte(0), z.lte(100)),
});

/** A library image; a malformed one is none (the page falls back to the plain URL). */
export const responsiveImageReader = z.object({
  src: z.string(),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  alt: text(),
  // A source outside the library (or of another format) is left out; the others still serve.
  sources: tolerantList(
    z.object({
      type: z.enum(RESPONSIVE_IMAGE_TYPES),
      srcset: z.string().check(z.refine(isLibrarySrcset)),
    }),
  ),
  // The focal point staff set (a malformed one: the centre).
  focus: optional(focalPointReader),
}) satisfies z.ZodMiniType<ResponsiveImage>;
type _ResponsiveImageKeys = Holds<SameKeys<typeof responsiveImageReader, ResponsiveImage>>;
const optionalImage = z.optional(z.catch(z.optional(z.nullable(responsiveImageReader)), null));

/* ---------- Home ---------- */

const heroMetricReader = z.object({
  value: nonEmpty(),
  label: nonEmpty(),
  width: z.string().check(z.regex(HERO_BAR_WIDTH)),
}) satisfies z.ZodMiniType<HeroMetric>;
const ctaReader = z.object({
  text: nonEmpty(),
  href: z.string().check(z.refine((v) => SITE_PATH_PATTERN.test(v) || EXTERNAL_HTTPS.test(v))),
}) satisfies z.ZodMiniType<Cta>;

/**
 * The home hero's content block as the hero shows it: each field that reads, the spec's default for
 * every other one (so a half-filled block in the CMS never blanks the hero), odd JSON as all defaults.
 */
const D = HOMEPAGE_HERO_DEFAULTS;
export const heroContentReader = z.catch(
  z.object({
    title: z.catch(nonEmpty(), D.title),
    subtitle: z.catch(nonEmpty(), D.subtitle),
    metrics: z.catch(z.array(heroMetricReader).check(z.minLength(1)), D.metrics),
    primaryCTA: z.catch(ctaReader, D.primaryCTA),
    secondaryCTA: z.catch(ctaReader, D.secondaryCTA),
  }),
  D,
) satisfies z.ZodMiniType<HomepageHeroContent>;
type _HomepageHeroContentKeys = Holds<SameKeys<typeof heroContentReader, HomepageHeroContent>>;

/** GET /api/content-blocks/homepage-hero: the block's content only (the hero needs nothing else). */
export const heroBlockReader = z.object({ content: heroContentReader });

/** A testimonial card: the quote and the name are required; the rest falls back to a default. */
export const testimonialCardReader = z.object({
  id: optional(z.union([z.number(), z.string()])),
  content: nonEmpty(),
  name: nonEmpty(),
  title: text(),
  company: text(),
  imageUrl: z.catch(z.nullable(z.string()), null),
  rating: z.catch(z.int().check(z.minimum(1), z.maximum(5)), DEFAULT_TESTIMONIAL_RATING),
});
export type TestimonialCard = z.output<typeof testimonialCardReader>;

const caseStudyResultReader = z.object({ metric: z.string(), value: z.string() });

/** The fields of a public case study the home page card reads (spec section 3). */
export const homeCaseStudyCardReader = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  imageUrl: optional(z.nullable(z.string())),
  image: optionalImage,
  industry: text(),
  duration: text(),
  challenge: text(),
  results: tolerantList(caseStudyResultReader),
});
export type HomeCaseStudyCard = z.output<typeof homeCaseStudyCardReader>;

/* ---------- Services ---------- */

/** One "What's included" item; an older plain-text feature reads as a title without a description. */
const serviceFeatureReader = z.union([
  z.pipe(
    z.string(),
    z.transform((title: string) => ({ title, description: '' })),
  ),
  z.object({ title: z.string(), description: text() }),
]);

const serviceFields = {
  id: z.int(),
  title: z.string(),
  slug: z.string(),
  /** The card text. */
  description: text(),
  icon: z.catch(z.enum(SERVICE_ICONS), DEFAULT_SERVICE_ICON),
  visual: z.catch(z.enum(SERVICE_VISUALS), DEFAULT_SERVICE_VISUAL),
  provenResult: text(),
  /** Only sorts lists: an answer without it (another API release) still shows the service. */
  displayOrder: z.catch(z.int(), 0),
};

/** A published service as the lists show it (home grid, services overview, the shell's footer). */
export const serviceReader = z.object({
  ...serviceFields,
  features: z.pipe(
    tolerantList(serviceFeatureReader),
    z.transform((fs: ServiceDetail['features']) => fs.map((f) => f.title)),
  ),
}) satisfies z.ZodMiniType<Service>;
type _ServiceKeys = Holds<SameKeys<typeof serviceReader, Service>>;

/** GET /api/services/:slug: everything the service's own page shows. */
export const serviceDetailReader = z.object({
  ...serviceFields,
  features: tolerantList(serviceFeatureReader),
  subtitle: text(),
  intro: text(),
  benefits: tolerantList(z.string()),
  process: tolerantList(z.object({ phase: z.string(), description: text() })),
  testimonial: z.catch(z.nullable(z.object({ quote: z.string(), author: text(), role: text() })), null),
  socialImageUrl: optional(z.string()),
  socialImageFocus: optional(focalPointReader),
}) satisfies z.ZodMiniType<ServiceDetail>;
type _ServiceDetailKeys = Holds<SameKeys<typeof serviceDetailReader, ServiceDetail>>;

/* ---------- Content: blog, case studies, resources, CMS pages ---------- */

/** Older APIs send no `published` for public items: what a public list or page answers is published. */
// @__NO_SIDE_EFFECTS__
const published = () => z.catch(z.boolean(), true);

export const blogPostReader = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: text(),
  content: text(),
  contentFormat: z.catch(z.enum(BLOG_BODY_FORMATS), 'html'),
  category: text(),
  author: text(),
  authorRole: optional(z.string()),
  tags: tolerantList(z.string()),
  publishedAt: z.catch(z.nullable(z.string()), null),
  createdAt: z.catch(z.nullable(z.string()), null),
  updatedAt: optional(z.string()),
  published: published(),
  socialImageUrl: optional(z.nullable(z.string())),
  socialImageFocus: optional(focalPointReader),
  images: optional(z.record(z.string(), responsiveImageReader)),
}) satisfies z.ZodMiniType<BlogPost>;
type _BlogPostKeys = Holds<SameKeys<typeof blogPostReader, BlogPost>>;

export const caseStudyReader = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  client: text(),
  industry: text(),
  duration: text(),
  challenge: text(),
  solution: text(),
  results: tolerantList(caseStudyResultReader),
  services: tolerantList(z.string()),
  imageUrl: optional(z.nullable(z.string())),
  image: optionalImage,
  createdAt: text(),
  updatedAt: optional(z.string()),
  published: published(),
  socialImageUrl: optional(z.nullable(z.string())),
  socialImageFocus: optional(focalPointReader),
}) satisfies z.ZodMiniType<CaseStudy>;
type _CaseStudyKeys = Holds<SameKeys<typeof caseStudyReader, CaseStudy>>;

export const resourceReader = z.object({
  id: z.number(),
  title: z.string(),
  description: text(),
  /** One of RESOURCE_TYPES; anything else is shown as a guide (resource-types.tsx). */
  type: text(),
  gated: z.catch(z.boolean(), false),
  fileUrl: optional(z.string()),
  downloadCount: z.catch(z.number(), 0),
}) satisfies z.ZodMiniType<Resource>;
type _ResourceKeys = Holds<SameKeys<typeof resourceReader, Resource>>;

/** By agreement with the CMS: `content.body` holds markdown; other keys are ignored. */
export const publicPageReader = z.object({
  id: z.number(),
  name: text(),
  slug: z.string(),
  title: z.string(),
  metaTitle: text(),
  metaDescription: text(),
  content: z.catch(z.record(z.string(), z.unknown()), {}),
  template: text(),
  updatedAt: text(),
  published: optional(z.boolean()),
  socialImageUrl: optional(z.nullable(z.string())),
  socialImageFocus: optional(focalPointReader),
}) satisfies z.ZodMiniType<PublicPage>;
type _PublicPageKeys = Holds<SameKeys<typeof publicPageReader, PublicPage>>;

/** Answer to a stored resource lead: the short-lived download URL is all the page needs. */
export const resourceLeadResponseReader = z.object({
  url: z.string(),
}) satisfies z.ZodMiniType<ResourceLeadResponse>;

/* ---------- Site settings (the shell's footer and head, the contact page) ---------- */

// @__NO_SIDE_EFFECTS__
const trimmed = (fallback: string) =>
  z.catch(
    z.pipe(
      z.string(),
      z.transform((v: string) => v.trim()),
    ),
    fallback,
  );
/** Trimmed text that may not be blank: the default instead. */
// @__NO_SIDE_EFFECTS__
const filled = (fallback: string) =>
  z.pipe(
    trimmed(fallback),
    z.transform((v: string) => v || fallback),
  );
const S = DEFAULT_SITE_SETTINGS;

/** GET /api/site-settings: each field that reads, the seeded default for any other one (never fails). */
export const siteSettingsReader = z.catch(
  z.object({
    siteName: filled(S.siteName),
    contactEmail: filled(S.contactEmail),
    contactPhone: trimmed(S.contactPhone),
    socialLinks: z.catch(
      z.object({
        linkedin: trimmed(S.socialLinks.linkedin),
        x: trimmed(S.socialLinks.x),
        instagram: trimmed(S.socialLinks.instagram),
        youtube: trimmed(S.socialLinks.youtube),
      }),
      S.socialLinks,
    ),
    defaultMetaDescription: z.catch(z.string(), S.defaultMetaDescription),
    leadRetentionMonths: z.catch(z.int().check(z.positive()), S.leadRetentionMonths),
    canaryMaxFailuresPerThousand: z.catch(z.number().check(z.gte(0)), S.canaryMaxFailuresPerThousand),
    canaryMinViews: z.catch(z.int().check(z.positive()), S.canaryMinViews),
  }),
  S,
) satisfies z.ZodMiniType<SiteSettings>;
type _SiteSettingsKeys = Holds<SameKeys<typeof siteSettingsReader, SiteSettings>>;
type _SocialLinksKeys = Holds<
  SameKeys<typeof siteSettingsReader.def.innerType.shape.socialLinks, SiteSettings['socialLinks']>
>;
