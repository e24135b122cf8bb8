import { z } from 'zod';

import { BLOG_BODY_FORMATS, RESPONSIVE_IMAGE_TYPES, isLibrarySrcset } from './content-values';

export {
  BLOG_BODY_FORMATS,
  BLOG_CATEGORIES,
  CASE_STUDY_IMAGE_SIZES,
  type BlogBodyFormat,
  RESOURCE_TYPES,
  ResourceRoutes,
  fillPagePlaceholders,
  pageBody,
  type ResourceType,
} from './content-values';

/* ---------- Library images ---------- */

/** A site path of a stored file, as the srcset of a <source> may hold it: `/uploads/<name> <w>w`. */

/**
 * What a public page needs to show a media-library image responsively: the original as the <img>
 * (with its intrinsic size, so the layout is reserved), and AVIF/WebP <source>s. Built on the server
 * from the media row of a stored image URL; absent when the URL is not a library image.
 */
/**
 * An image's focal point, in percent of its width (x) and height (y) from the top left: the part every
 * crop the site makes keeps in view (CSS object-position on cards, the social card's crop).
 */
export const focalPointSchema = z.object({
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
});
export type FocalPoint = z.infer<typeof focalPointSchema>;
/** A page's replacement social card's focal point (tolerant: a malformed one is none). */
export const socialImageFocusSchema = focalPointSchema.optional().catch(undefined);

export const responsiveImageSchema = z.object({
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The library's alt text ('' when staff have not given one). */
  alt: z.string().catch(''),
  sources: z
    .array(
      z.object({
        type: z.enum(RESPONSIVE_IMAGE_TYPES),
        srcset: z.string().refine(isLibrarySrcset),
      }),
    )
    .catch([]),
  /** Set by staff in the library; absent: the centre. */
  focus: focalPointSchema.optional().catch(undefined),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;
/** Tolerant reading: a malformed image is no image (the page falls back to the plain URL). */
const optionalImage = responsiveImageSchema.nullable().optional().catch(null);

/* ---------- Case studies ---------- */

export const caseStudyResultSchema = z.object({ metric: z.string(), value: z.string() });
export type CaseStudyResult = z.infer<typeof caseStudyResultSchema>;

export const caseStudySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  client: z.string(),
  industry: z.string(),
  duration: z.string(),
  challenge: z.string(),
  solution: z.string(),
  results: z.array(caseStudyResultSchema),
  services: z.array(z.string()),
  imageUrl: z.string().nullable().optional(),
  /** The library image `imageUrl` names (older APIs and non-library URLs: absent). */
  image: optionalImage,
  createdAt: z.string(),
  /** The head's dateModified (older APIs do not send it). */
  updatedAt: z.string().optional(),
  published: z.boolean(),
  /** A picture staff chose for the social card instead of the generated one. */
  socialImageUrl: z.string().nullable().optional(),
  /** Its focal point, when it is a library image staff set one on: the card's crop keeps it in view. */
  socialImageFocus: socialImageFocusSchema,
});
export type CaseStudy = z.infer<typeof caseStudySchema>;
export const caseStudyListSchema = z.array(caseStudySchema);

/* ---------- Blog ---------- */

export const blogPostSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Rendered by `blogBodyHtml` of @agency/ui/rich-text in its `contentFormat`. */
  content: z.string(),
  /** Older posts and readers of older answers: 'html' (a fragment with plain line breaks). */
  contentFormat: z.enum(BLOG_BODY_FORMATS).catch('html'),
  category: z.string(),
  author: z.string(),
  /** The author's role, shown under their name when not empty (older APIs do not send it). */
  authorRole: z.string().optional(),
  tags: z.array(z.string()),
  publishedAt: z.string().nullable(),
  /** Always sent by the API; clients still fall back to 'Recent' without it (spec section 2). */
  createdAt: z.string().nullable(),
  /** The head's dateModified (older APIs do not send it). */
  updatedAt: z.string().optional(),
  published: z.boolean(),
  /** A picture staff chose for the social card instead of the generated one. */
  socialImageUrl: z.string().nullable().optional(),
  /** Its focal point, when it is a library image staff set one on: the card's crop keeps it in view. */
  socialImageFocus: socialImageFocusSchema,
  /** The library images the body shows, by the URL it uses (rendered as <picture>). */
  images: z.record(z.string(), responsiveImageSchema).optional().catch(undefined),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostListSchema = z.array(blogPostSchema);

/* ---------- Resources ---------- */

export const resourceSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** One of RESOURCE_TYPES; anything else is shown as a guide. */
  type: z.string(),
  gated: z.boolean(),
  /** Counting download URL; absent for gated resources (their file is reached only through a lead). */
  fileUrl: z.string().optional(),
  downloadCount: z.number().default(0),
});
export type Resource = z.input<typeof resourceSchema>;
export const resourceListSchema = z.array(resourceSchema);

export { ResourceLeadMessages, resourceLeadSchema, type ResourceLead, type ResourceLeadInput } from './forms';

/** Answer to a stored lead: a short-lived, signed download URL. */
export const resourceLeadResponseSchema = z.object({ url: z.string() });
export type ResourceLeadResponse = z.infer<typeof resourceLeadResponseSchema>;

/* ---------- CMS-managed public pages ---------- */

/** By agreement with the CMS: `content.body` holds markdown; other keys are ignored. */
export const publicPageSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  title: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  content: z.record(z.string(), z.unknown()),
  template: z.string(),
  updatedAt: z.string(),
  /** Sent only as false, for a draft staff are looking at (its head says noindex). */
  published: z.boolean().optional(),
  /** A picture staff chose for the social card instead of the generated one. */
  socialImageUrl: z.string().nullable().optional(),
  /** Its focal point, when it is a library image staff set one on: the card's crop keeps it in view. */
  socialImageFocus: socialImageFocusSchema,
});
export type PublicPage = z.infer<typeof publicPageSchema>;
