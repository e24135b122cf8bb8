/**
 * How the marketing pages read the API's answers: tolerant readers written without zod, so the home
 * page does not ship classic zod (~17 KB compressed) to check four small answers. Each reads only
 * what its screen shows, with the same rules as the contract's reader schemas in
 * @agency/contracts (marketing.ts: testimonialCardSchema, heroBlockReaderSchema,
 * homeCaseStudyCardSchema, serviceDetailSchema, homepageHeroContentSchema): required fields must be
 * there with the right type or the item is refused, optional ones fall back to their defaults, and
 * fields the page does not use are dropped.
 */
import type {
  Cta,
  HeroMetric,
  HomeCaseStudyCard,
  ResponsiveImage,
  ServiceDetail,
  TestimonialCard,
} from '@agency/contracts';
import {
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  DEFAULT_TESTIMONIAL_RATING,
  EXTERNAL_HTTPS,
  HERO_BAR_WIDTH,
  RESPONSIVE_IMAGE_TYPES,
  SERVICE_ICONS,
  SERVICE_VISUALS,
  SITE_PATH_PATTERN,
  isLibrarySrcset,
  type ResponsiveImageType,
} from '@agency/contracts/content-values';

/** A reader: the value as the page uses it, or `undefined` when it cannot be read. */
export type Reader<T> = (value: unknown) => T | undefined;

/** The `safeParse` shape `readList` (@agency/ui) takes. */
export const asParser = <T>(read: Reader<T>) => ({
  safeParse: (value: unknown): { success: true; data: T } | { success: false } => {
    const data = read(value);
    return data === undefined ? { success: false } : { success: true, data };
  },
});

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const nonEmpty = (v: unknown): v is string => isString(v) && v.length > 0;
const stringOr = (v: unknown, fallback: string) => (isString(v) ? v : fallback);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(v) ? (v as T) : fallback;
/** Items that read are kept; anything that is not a list reads as an empty one. */
const tolerantList = <T>(v: unknown, read: Reader<T>): T[] =>
  Array.isArray(v)
    ? v.flatMap((i) => {
        const item = read(i);
        return item === undefined ? [] : [item];
      })
    : [];

/* ---------- Home hero ---------- */

/** The hero's content block: its content (odd JSON reads as none); not an object at all is an error. */
export function readHeroBlock(body: unknown): { content: Obj } {
  if (!isObject(body)) throw new Error('The hero block answer is not an object');
  return { content: isObject(body['content']) ? body['content'] : {} };
}

const readMetric: Reader<HeroMetric> = (v) =>
  isObject(v) &&
  nonEmpty(v['value']) &&
  nonEmpty(v['label']) &&
  isString(v['width']) &&
  HERO_BAR_WIDTH.test(v['width'])
    ? { value: v['value'], label: v['label'], width: v['width'] }
    : undefined;

const readCta: Reader<Cta> = (v) =>
  isObject(v) &&
  nonEmpty(v['text']) &&
  isString(v['href']) &&
  (SITE_PATH_PATTERN.test(v['href']) || EXTERNAL_HTTPS.test(v['href']))
    ? { text: v['text'], href: v['href'] }
    : undefined;

/** Each field of the hero's content, read on its own (`undefined`: missing or invalid). */
export const heroFieldReaders = {
  title: (v: unknown) => (nonEmpty(v) ? v : undefined),
  subtitle: (v: unknown) => (nonEmpty(v) ? v : undefined),
  metrics: (v: unknown) => {
    if (!Array.isArray(v) || v.length === 0) return undefined;
    const metrics = v.map(readMetric);
    return metrics.every((m) => m !== undefined) ? (metrics as HeroMetric[]) : undefined;
  },
  primaryCTA: readCta,
  secondaryCTA: readCta,
};

/* ---------- Testimonials ---------- */

export const readTestimonialCard: Reader<TestimonialCard> = (v) => {
  if (!isObject(v) || !nonEmpty(v['content']) || !nonEmpty(v['name'])) return undefined;
  const id = v['id'];
  if (id !== undefined && typeof id !== 'number' && typeof id !== 'string') return undefined;
  const rating = v['rating'];
  return {
    ...(id !== undefined ? { id } : {}),
    content: v['content'],
    name: v['name'],
    title: stringOr(v['title'], ''),
    company: stringOr(v['company'], ''),
    imageUrl: isString(v['imageUrl']) || v['imageUrl'] === null ? v['imageUrl'] : null,
    rating: isInt(rating) && rating >= 1 && rating <= 5 ? rating : DEFAULT_TESTIMONIAL_RATING,
  };
};

/* ---------- Case studies ---------- */

/** A library image; a malformed one is none (the card falls back to the plain URL). */
const readImage: Reader<ResponsiveImage> = (v) => {
  if (!isObject(v) || !isString(v['src'])) return undefined;
  const { width, height } = v;
  if (!isInt(width) || width <= 0 || !isInt(height) || height <= 0) return undefined;
  const readSource = (s: unknown) =>
    isObject(s) &&
    (RESPONSIVE_IMAGE_TYPES as readonly unknown[]).includes(s['type']) &&
    isString(s['srcset']) &&
    isLibrarySrcset(s['srcset'])
      ? { type: s['type'] as ResponsiveImageType, srcset: s['srcset'] }
      : undefined;
  const rawSources = v['sources'];
  const sources = Array.isArray(rawSources) ? rawSources.map(readSource) : [];
  return {
    src: v['src'],
    width,
    height,
    alt: stringOr(v['alt'], ''),
    // One malformed source makes the list unreadable: no sources, as the contract reads it.
    sources: sources.every((s) => s !== undefined) ? (sources as ResponsiveImage['sources']) : [],
  };
};

export const readHomeCaseStudyCard: Reader<HomeCaseStudyCard> = (v) => {
  if (!isObject(v) || !isInt(v['id'])) return undefined;
  const { slug, title, industry, duration, challenge, imageUrl, image, results } = v;
  if (![slug, title, industry, duration, challenge].every(isString)) return undefined;
  if (imageUrl !== undefined && imageUrl !== null && !isString(imageUrl)) return undefined;
  let readResults: HomeCaseStudyCard['results'] = [];
  if (results !== undefined) {
    if (!Array.isArray(results)) return undefined;
    const read = results.map((r) =>
      isObject(r) && isString(r['metric']) && isString(r['value'])
        ? { metric: r['metric'], value: r['value'] }
        : undefined,
    );
    if (!read.every((r) => r !== undefined)) return undefined;
    readResults = read as HomeCaseStudyCard['results'];
  }
  return {
    id: v['id'],
    slug: slug as string,
    title: title as string,
    ...(imageUrl !== undefined ? { imageUrl: imageUrl as string | null } : {}),
    ...(image !== undefined ? { image: image === null ? null : (readImage(image) ?? null) } : {}),
    industry: industry as string,
    duration: duration as string,
    challenge: challenge as string,
    results: readResults,
  };
};

/* ---------- A service's own page ---------- */

const readFeature: Reader<ServiceDetail['features'][number]> = (v) => {
  if (isString(v)) return { title: v, description: '' };
  return isObject(v) && isString(v['title'])
    ? { title: v['title'], description: stringOr(v['description'], '') }
    : undefined;
};
const readStep: Reader<ServiceDetail['process'][number]> = (v) =>
  isObject(v) && isString(v['phase'])
    ? { phase: v['phase'], description: stringOr(v['description'], '') }
    : undefined;
const readServiceTestimonial = (v: unknown): ServiceDetail['testimonial'] =>
  isObject(v) && isString(v['quote'])
    ? { quote: v['quote'], author: stringOr(v['author'], ''), role: stringOr(v['role'], '') }
    : null;

/**
 * GET /api/services/:slug as the service's page reads it. The id, title, slug and card text are
 * required (an answer without them is the query's error); displayOrder only sorts lists, so an
 * answer without it (another API release) still shows the page.
 */
export function readServiceDetail(v: unknown): ServiceDetail {
  if (
    !isObject(v) ||
    !isInt(v['id']) ||
    !isString(v['title']) ||
    !isString(v['slug']) ||
    !isString(v['description'])
  )
    throw new Error('The service answer lacks what its page shows');
  return {
    id: v['id'],
    title: v['title'],
    slug: v['slug'],
    description: v['description'],
    icon: oneOf(SERVICE_ICONS, v['icon'], DEFAULT_SERVICE_ICON),
    visual: oneOf(SERVICE_VISUALS, v['visual'], DEFAULT_SERVICE_VISUAL),
    features: tolerantList(v['features'], readFeature),
    provenResult: stringOr(v['provenResult'], ''),
    displayOrder: isInt(v['displayOrder']) ? v['displayOrder'] : 0,
    subtitle: stringOr(v['subtitle'], ''),
    intro: stringOr(v['intro'], ''),
    benefits: tolerantList(v['benefits'], (b) => (isString(b) ? b : undefined)),
    process: tolerantList(v['process'], readStep),
    testimonial: readServiceTestimonial(v['testimonial']),
    ...(isString(v['socialImageUrl']) ? { socialImageUrl: v['socialImageUrl'] } : {}),
  };
}
