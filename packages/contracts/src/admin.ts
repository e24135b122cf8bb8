import { z } from 'zod';
import { emailAddress, multiLine, singleLine, slug } from './common';
import {
  CONTROL_CHARACTERS_MESSAGE,
  MULTI_LINE_TEXT,
  NO_LINE_BREAKS,
  SINGLE_LINE_TEXT,
  unstorableTextPath,
} from './control-characters';
import { HeroMessages, SERVICE_ICONS, SERVICE_VISUALS, heroContentInputSchema } from './marketing';
import { BLOG_BODY_FORMATS, RESOURCE_TYPES, focalPointSchema, type FocalPoint } from './content';
import { DEFAULT_LEAD_RETENTION_MONTHS, SITE_PATH_PATTERN } from './content-values';
import { RESERVED_PAGE_SLUGS, sitePath } from './site-routes';
import type { LeadSource } from './form-posts';

import {
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  PREVIEW_KINDS,
  adminPathOf,
  type ContentType,
  type PreviewType,
} from './content-types';

/**
 * A cookie scripts may read that says this browser holds a staff session (value `1`): set and cleared
 * with the session's own cookie, which scripts cannot read. The CMS asks the server for the session
 * only when it is there, so a visitor who never signed in opens /cms without a refused request
 * (a red 401 in the console). Not a credential: the server decides, from the session cookie.
 */
export const STAFF_SIGNED_IN_COOKIE = 'staff_signed_in';

/** Staff API paths (everything under /api/admin needs a staff session except auth); content types' from the registry. */
export const AdminRoutes = {
  auth: '/api/admin/auth',
  logout: '/api/admin/logout',
  session: '/api/admin/session',
  password: '/api/admin/password',
  pages: adminPathOf('pages'),
  contentBlocks: adminPathOf('content-blocks'),
  services: adminPathOf('services'),
  blogPosts: adminPathOf('blog-posts'),
  caseStudies: adminPathOf('case-studies'),
  testimonials: adminPathOf('testimonials'),
  resources: adminPathOf('resources'),
  resourceUpload: `${adminPathOf('resources')}/upload`,
  siteSettings: '/api/admin/site-settings',
  upload: '/api/admin/upload',
  media: '/api/admin/media',
  leads: '/api/admin/leads',
  leadsCsv: '/api/admin/leads.csv',
  leadsHandled: '/api/admin/leads/handled',
  leadsDelete: '/api/admin/leads/delete',
  leadsSummary: '/api/admin/leads/summary',
  trash: '/api/admin/trash',
  releases: '/api/admin/releases',
} as const;

/** The shortest staff password accepted anywhere: the Settings form and ADMIN_PASSWORD at start. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const AdminMessages = {
  tooManySignIns: 'Too many sign-in attempts. Please try again later.',
  password: 'Password is required',
  invalidPassword: 'Invalid password',
  authFailed: 'Authentication failed',
  slugTaken: 'This slug is already in use',
  identifierTaken: 'This identifier is already in use',
  newPassword: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  currentPassword: 'Current password is required',
  reservedSlug: 'This address is used by the site itself; choose another slug',
  changedSinceOpened: 'This item was changed by someone else since you opened it',
  settingsChangedSinceOpened: 'The settings were changed by someone else since you opened them',
  /** A trashed item keeps its slug until it is purged (or deleted for good). */
  slugInTrash: 'This slug belongs to an item in the trash: restore it or delete it for good first',
  publishDate: 'Publish date must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00Z',
  publishDateRange: 'Publish date must be in the year 1900 or later',
  unpublishDate: 'Unpublish date must be an ISO 8601 date and time, e.g. 2026-12-31T18:00:00Z',
  unpublishDateRange: 'Unpublish date must be in the year 1900 or later',
} as const;

/**
 * A stored moment staff may set or clear: an ISO 8601 date-time with offset, from 1900 on (year 0000
 * reads as ISO 8601 but no database stores it, and nothing before 1900 is a real date here: a typo,
 * answered as one); null clears it, absent keeps the stored one.
 */
export const storedDateTimeOf = (format: string, range: string) =>
  z.iso
    .datetime({ offset: true, error: format })
    .refine((value) => Number(value.slice(0, 4)) >= 1900, { error: range })
    .nullable()
    .optional();

/**
 * When a published item goes live: an ISO 8601 date-time with offset. Absent keeps the stored date (a
 * first publish stamps now); null clears it. A date in the future makes a published item Scheduled.
 */
export const publishDate = storedDateTimeOf(AdminMessages.publishDate, AdminMessages.publishDateRange);

/**
 * When a published item stops being public (null or absent: never; absent on a save keeps the stored
 * one). Past it the item stays published in the CMS but visitors no longer see it.
 */
export const unpublishDate = storedDateTimeOf(AdminMessages.unpublishDate, AdminMessages.unpublishDateRange);

/** Days a trashed item stays restorable before it is purged. */
export const TRASH_RETENTION_DAYS = 30;

/** The kinds of item the trash holds: their admin API path segments (every content type, and library files). */
export const TRASH_TYPES = [...CONTENT_TYPE_NAMES, 'media'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** One row of GET /api/admin/trash. */
export interface TrashItem {
  type: TrashType;
  id: number;
  title: string;
  deletedAt: string;
}

/** Draft, Scheduled (published, date in the future) or Published, as the CMS lists show it. */
export type PublishState = 'draft' | 'scheduled' | 'published';
export function publishState(
  item: { published: boolean; publishedAt?: string | null | undefined },
  now: Date = new Date(),
): PublishState {
  if (!item.published) return 'draft';
  if (item.publishedAt && new Date(item.publishedAt).getTime() > now.getTime()) return 'scheduled';
  return 'published';
}

/**
 * The version tag of a staff-edited row, from its `updatedAt`: the API sends it as the ETag of
 * GET /:id and expects it back in If-Match; the CMS derives it from a listed row the same way. The
 * API answers timestamps in ISO 8601 (to the millisecond) while the database row holds its own text
 * form, so the tag is the instant in milliseconds, whichever form it is read from. (The write itself
 * still checks the exact stored value, so two saves cannot both win.)
 */
export const entityTag = (row: { updatedAt: string }): string => {
  const ms = Date.parse(row.updatedAt);
  return `"${Number.isNaN(ms) ? row.updatedAt.replace(/[^0-9A-Za-z]/g, '') : ms.toString(36)}"`;
};

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(singleLine(max));
const optionalLine = (max: number) => z.string().trim().pipe(singleLine(max)).default('');
const longText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(multiLine(max, `${label} must be at most ${max} characters`));
const urlSlug = z.string({ error: 'Slug is required' }).trim().pipe(slug);

/** Links and images stored by staff: site-relative paths or http(s) only (no javascript: and friends). */
const urlRule = (alsoAllowed?: RegExp) =>
  z
    .string()
    .trim()
    .max(2000, 'URL must be at most 2000 characters')
    .regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)
    .refine(
      (v) => /^https?:\/\/[^\s]+$/i.test(v) || SITE_PATH_PATTERN.test(v) || Boolean(alsoAllowed?.test(v)),
      'Use an http(s) URL or a site path starting with /',
    );
export const adminUrl = urlRule();

/**
 * The name of a file that ships with the site (api/files/resources): what the demo resources store,
 * so an editor can save them as they are. The API serves it only through the resource's download.
 */
export const SHIPPED_FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,150}$/i;
const optionalUrl = z
  .union([z.literal(''), adminUrl, z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * Whether an item is on the public site; a new item starts as a draft unless staff say so (content
 * blocks excepted: the spec gives them published by default).
 */
const startsAsDraft = z.boolean().default(false);

/**
 * A JSON object (pages and content blocks store their content as one). Its keys and strings, at any
 * depth, are multi-line text: no control character but tab, LF and CR (a markdown body keeps its lines).
 */
export const adminJsonObject = z
  .record(z.string(), z.unknown(), { error: 'Content must be a JSON object' })
  .superRefine((content, ctx) => {
    const path = unstorableTextPath(content);
    if (path) ctx.addIssue({ code: 'custom', path, message: CONTROL_CHARACTERS_MESSAGE });
  });
const stringList = (max: number) => z.array(singleLine(300)).max(max, `At most ${max} items`).default([]);

export const adminAuthSchema = z
  .object({
    /** A personal account's address; absent or empty: the owner (the shared password). */
    email: z.string().trim().max(254).regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE).optional(),
    password: z
      .string({ error: AdminMessages.password })
      .min(1, AdminMessages.password)
      .max(1000)
      .regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE),
  })
  .strict();
export type AdminAuthInput = z.infer<typeof adminAuthSchema>;

export const adminSessionSchema = z.object({
  authenticated: z.literal(true),
  /** ADMIN_PASSWORD is set: it replaces a password changed in Settings at the next server start. */
  passwordFromEnvironment: z.boolean(),
  /** Who is signed in (issue 24): the owner, or a personal account with its role. */
  user: z
    .object({
      id: z.number().int().nullable(),
      name: z.string(),
      email: z.string().nullable(),
      role: z.enum(['owner', 'admin', 'editor']),
    })
    .optional(),
  /**
   * Set when the server runs in production without PUBLIC_URL: every absolute link it writes points
   * at localhost. The CMS Overview shows it (the same text as the start-up log).
   */
  publicUrlWarning: z.string().optional(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** Numeric ids in route params. */
export const adminIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Invalid id')
    .transform(Number),
});

/** The address of one item in the Trash (`…/restore` restores it; DELETE purges it). */
export const trashItemPath = (type: TrashType, id: number | string) => `${AdminRoutes.trash}/${type}/${id}`;

/** /api/admin/trash/:type/:id */
export const trashItemParams = adminIdParams.extend({ type: z.enum(TRASH_TYPES) });

// ---- Pages -------------------------------------------------------------------------------

export const pageInputSchema = z
  .object({
    name: required('Page name', 200),
    slug: urlSlug.refine((s) => !RESERVED_PAGE_SLUGS.includes(s), AdminMessages.reservedSlug),
    title: required('Page title', 300),
    metaTitle: optionalLine(300),
    metaDescription: z
      .string()
      .trim()
      .pipe(multiLine(500, 'Meta description must be at most 500 characters'))
      .default(''),
    /** Agreed with the public page renderer: `{ "body": "<markdown>" }`. */
    content: adminJsonObject.default({}),
    /** Replaces the page's generated social card (og:image) when set: an image staff chose. */
    socialImageUrl: optionalUrl,
    published: startsAsDraft,
    unpublishAt: unpublishDate,
    publishedAt: publishDate,
    template: optionalLine(50).transform((v) => v || 'default'),
  })
  .strict();
export type PageInput = z.input<typeof pageInputSchema>;
export type PageValues = z.output<typeof pageInputSchema>;

interface Timestamps {
  id: number;
  createdAt: string;
  updatedAt: string;
}
export type AdminPage = PageValues & Timestamps & { publishedAt: string | null };

// ---- Content blocks ------------------------------------------------------------------------

export const contentBlockInputSchema = z
  .object({
    name: required('Name', 200),
    identifier: z.string({ error: 'Identifier is required' }).trim().pipe(slug),
    type: optionalLine(50).transform((v) => v || 'hero'),
    content: adminJsonObject.default({}),
    /** Spec (entities): a content block is published unless it says otherwise; the CMS form starts Inactive. */
    published: z.boolean().default(true),
    unpublishAt: unpublishDate,
  })
  .strict()
  .superRefine((block, ctx) => {
    // A hero block's content is what the home hero reads: the CMS form and the API check it alike.
    if (block.type !== 'hero') return;
    const hero = heroContentInputSchema.safeParse(block.content);
    for (const issue of hero.success ? [] : hero.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          ctx.addIssue({
            code: 'custom',
            path: ['content', ...issue.path, key],
            message: HeroMessages.unknownField(key),
          });
        }
        continue;
      }
      ctx.addIssue({ code: 'custom', path: ['content', ...issue.path], message: issue.message });
    }
  });
export type ContentBlockInput = z.input<typeof contentBlockInputSchema>;
export type ContentBlockValues = z.output<typeof contentBlockInputSchema>;
export type AdminContentBlock = ContentBlockValues & Timestamps;

// ---- Services ------------------------------------------------------------------------------

const optionalText = (max: number) => z.string().trim().pipe(multiLine(max)).default('');

export const serviceInputSchema = z
  .object({
    title: required('Title', 200),
    slug: urlSlug,
    /** The card text (home grid, services overview) and the page's meta description. */
    description: longText('Description', 2000),
    icon: z.enum(SERVICE_ICONS, { error: 'Choose one of the icons' }).default('search'),
    visual: z.enum(SERVICE_VISUALS, { error: 'Choose one of the visuals' }).default('ocean'),
    subtitle: optionalLine(300),
    /** The introduction on the service's own page. */
    intro: optionalText(3000),
    provenResult: optionalLine(200),
    features: z
      .array(z.object({ title: required('Feature title', 200), description: optionalText(1000) }).strict())
      .max(12, 'At most 12 features')
      .default([]),
    benefits: z.array(required('Benefit', 300)).max(12, 'At most 12 benefits').default([]),
    process: z
      .array(z.object({ phase: required('Step', 200), description: optionalText(1000) }).strict())
      .max(12, 'At most 12 steps')
      .default([]),
    testimonialQuote: optionalText(2000),
    testimonialAuthor: optionalLine(200),
    testimonialRole: optionalLine(200),
    /** Replaces the page's generated social card (og:image) when set: an image staff chose. */
    socialImageUrl: optionalUrl,
    published: startsAsDraft,
    unpublishAt: unpublishDate,
    displayOrder: z.number().int().min(0).max(10000).default(0),
  })
  .strict();
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceValues = z.output<typeof serviceInputSchema>;
export type AdminService = ServiceValues & Timestamps;

// ---- Blog posts ----------------------------------------------------------------------------

export const blogPostInputSchema = z
  .object({
    slug: urlSlug,
    title: required('Title', 300),
    excerpt: longText('Excerpt', 1000),
    content: longText('Content', 50_000),
    /** The CMS sends 'markdown'; clients that send none keep the older HTML format. */
    contentFormat: z.enum(BLOG_BODY_FORMATS, { error: 'Choose markdown or HTML' }).default('html'),
    category: required('Category', 100),
    author: required('Author', 100),
    authorRole: optionalLine(100),
    tags: stringList(20),
    /** Replaces the page's generated social card (og:image) when set: an image staff chose. */
    socialImageUrl: optionalUrl,
    published: startsAsDraft,
    unpublishAt: unpublishDate,
    publishedAt: publishDate,
  })
  .strict();
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostValues = z.output<typeof blogPostInputSchema>;
export type AdminBlogPost = BlogPostValues & Timestamps & { publishedAt: string | null };

// ---- Case studies --------------------------------------------------------------------------

export const caseStudyInputSchema = z
  .object({
    slug: urlSlug,
    title: required('Title', 300),
    client: required('Client', 200),
    industry: required('Industry', 100),
    duration: required('Duration', 100),
    challenge: longText('Challenge', 5000),
    solution: longText('Solution', 5000),
    results: z
      .array(z.object({ metric: required('Metric', 200), value: required('Value', 50) }).strict())
      .max(12, 'At most 12 results')
      .default([]),
    services: stringList(12),
    imageUrl: optionalUrl,
    /** Replaces the page's generated social card (og:image) when set: an image staff chose. */
    socialImageUrl: optionalUrl,
    published: startsAsDraft,
    unpublishAt: unpublishDate,
  })
  .strict();
export type CaseStudyInput = z.input<typeof caseStudyInputSchema>;
export type CaseStudyValues = z.output<typeof caseStudyInputSchema>;
export type AdminCaseStudy = CaseStudyValues & Timestamps;

// ---- Testimonials --------------------------------------------------------------------------

export const testimonialInputSchema = z
  .object({
    content: longText('Quote', 2000),
    name: required('Name', 200),
    title: optionalLine(200),
    company: optionalLine(200),
    imageUrl: optionalUrl,
    rating: z.number().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5').default(5),
    published: startsAsDraft,
    unpublishAt: unpublishDate,
    displayOrder: z.number().int().min(0).max(10000).default(0),
  })
  .strict();
export type TestimonialInput = z.input<typeof testimonialInputSchema>;
export type TestimonialValues = z.output<typeof testimonialInputSchema>;
export type AdminTestimonial = TestimonialValues & Timestamps;

// ---- Resources -----------------------------------------------------------------------------

export const resourceInputSchema = z
  .object({
    title: required('Title', 300),
    description: longText('Description', 2000),
    type: z.enum(RESOURCE_TYPES, { error: 'Choose a resource type' }).default('guide'),
    gated: z.boolean().default(false),
    fileUrl: z
      .string({ error: 'File URL is required' })
      .trim()
      .min(1, 'File URL is required')
      .pipe(urlRule(SHIPPED_FILE_NAME)),
    published: startsAsDraft,
    unpublishAt: unpublishDate,
  })
  .strict();
export type ResourceInput = z.input<typeof resourceInputSchema>;
export type ResourceValues = z.output<typeof resourceInputSchema>;
export type AdminResource = ResourceValues & Timestamps & { downloadCount: number };

/**
 * Each content type's input schema, by its registry name (CONTENT_TYPES): the staff API's create and
 * update take it as it is, and OpenAPI documents it. A type without one is a type error here.
 */
export const CONTENT_INPUT_SCHEMAS = {
  pages: pageInputSchema,
  'content-blocks': contentBlockInputSchema,
  services: serviceInputSchema,
  'blog-posts': blogPostInputSchema,
  'case-studies': caseStudyInputSchema,
  testimonials: testimonialInputSchema,
  resources: resourceInputSchema,
} as const satisfies { readonly [T in ContentType]: z.ZodObject };

// ---- Site settings -------------------------------------------------------------------------

const optionalHttpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Use an http(s) URL')
  .default('');

export const siteSocialLinksSchema = z
  .object({
    linkedin: optionalHttpUrl,
    x: optionalHttpUrl,
    instagram: optionalHttpUrl,
    youtube: optionalHttpUrl,
  })
  .strict();

const LEAD_RETENTION_MESSAGE = 'Use a whole number of months from 1 to 120';
const CANARY_RATE_MESSAGE = 'Use a number of failures per 1,000 views from 0 to 1000';
const CANARY_VIEWS_MESSAGE = 'Use a whole number of views from 1 to 1,000,000';
/** A canary ends by itself past this many more failures per 1,000 views than the live version… */
export const DEFAULT_CANARY_MAX_FAILURES_PER_THOUSAND = 10;
/** …once it has been viewed this many times. */
export const DEFAULT_CANARY_MIN_VIEWS = 200;

export const siteSettingsSchema = z
  .object({
    siteName: required('Site name', 100),
    contactEmail: emailAddress('Valid email is required'),
    contactPhone: z
      .string()
      .trim()
      .max(40, 'Phone must be at most 40 characters')
      .regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)
      .regex(NO_LINE_BREAKS, 'Must be a single line')
      .regex(/^[0-9+()\-.\s]*$/, 'Use digits, spaces and + ( ) - . only')
      .default(''),
    socialLinks: siteSocialLinksSchema,
    defaultMetaDescription: z
      .string()
      .trim()
      .pipe(multiLine(300, 'Default meta description must be at most 300 characters'))
      .default(''),
    /** Months after the last contact that contact requests and resource leads are kept (the privacy page says it). */
    leadRetentionMonths: z
      .number({ error: LEAD_RETENTION_MESSAGE })
      .int(LEAD_RETENTION_MESSAGE)
      .min(1, LEAD_RETENTION_MESSAGE)
      .max(120, LEAD_RETENTION_MESSAGE)
      .default(DEFAULT_LEAD_RETENTION_MONTHS),
    /**
     * A canary ends by itself when its failures (client errors, failed server renders) per thousand
     * views exceed the live version's by more than this, once it has canaryMinViews views.
     */
    canaryMaxFailuresPerThousand: z
      .number({ error: CANARY_RATE_MESSAGE })
      .min(0, CANARY_RATE_MESSAGE)
      .max(1000, CANARY_RATE_MESSAGE)
      .default(DEFAULT_CANARY_MAX_FAILURES_PER_THOUSAND),
    canaryMinViews: z
      .number({ error: CANARY_VIEWS_MESSAGE })
      .int(CANARY_VIEWS_MESSAGE)
      .min(1, CANARY_VIEWS_MESSAGE)
      .max(1_000_000, CANARY_VIEWS_MESSAGE)
      .default(DEFAULT_CANARY_MIN_VIEWS),
  })
  .strict();
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
/** Also the answer of the public GET /api/site-settings. */
export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = [
  'siteName',
  'contactEmail',
  'contactPhone',
  'socialLinks',
  'defaultMetaDescription',
  'leadRetentionMonths',
  'canaryMaxFailuresPerThousand',
  'canaryMinViews',
] as const satisfies readonly SiteSettingKey[];
/** GET /api/admin/site-settings answers a list of these. */
export interface SiteSettingEntry {
  key: SiteSettingKey;
  value: SiteSettings[SiteSettingKey];
}

// ---- Media and leads -----------------------------------------------------------------------

/** Alt text describes an image in a sentence or two; longer text belongs in the page. */
export const ALT_TEXT_MAX = 250;
export const altText = z
  .string({ error: 'Alt text must be text' })
  .trim()
  .max(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`)
  .regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)
  .regex(NO_LINE_BREAKS, 'Alt text must be a single line');
/** PATCH /api/admin/media/:id. */
export const mediaPatchSchema = z
  .object({
    altText: altText.optional(),
    /** The focal point (null: back to the centre). */
    focus: focalPointSchema.nullable().optional(),
  })
  .strict()
  .refine((patch) => patch.altText !== undefined || patch.focus !== undefined, {
    message: 'Send the alt text, the focal point or both',
  });
export type MediaPatch = z.input<typeof mediaPatchSchema>;
/** The optional `alt` field of an image upload (multipart, next to the file). */
export const uploadFieldsSchema = z.object({ alt: altText.optional() }).strip();

/**
 * POST /api/admin/upload answers 201 with a new file, or 200 with `reused: true` when the same
 * bytes were already in the library (that file is answered; nothing new is stored).
 */
export const uploadResponseSchema = z.object({
  url: z.string(),
  id: z.number().optional(),
  altText: z.string().optional(),
  reused: z.boolean().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** One responsive copy of a library image. */
export interface MediaDerivative {
  url: string;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  size: number;
}

export interface MediaItem {
  id: number;
  url: string;
  fileName: string;
  originalName: string;
  mimeType: string;
  size: number;
  /** '' = missing (flagged in the CMS). Older APIs do not send it. */
  altText?: string;
  width?: number | null;
  height?: number | null;
  derivatives?: MediaDerivative[];
  /** Where crops of the image keep their centre (null or absent: the image's centre). */
  focus?: FocalPoint | null;
  createdAt: string;
  /** Where the file is used (content in the trash included: restoring it would need the file). */
  usedBy?: MediaUse[];
}

/** The kinds of item that can use a library file: every content type. */
export type MediaUserType = ContentType;

/** One item that shows or offers a library file. */
export interface MediaUse {
  type: MediaUserType;
  id: number;
  title: string;
  /** The item is in the trash (restoring it would need the file). */
  inTrash: boolean;
}

/** What staff call each kind of item that can use a file, in a sentence ('Case study "Acme"'). */
export const MEDIA_USER_LABELS = Object.fromEntries(
  CONTENT_TYPE_NAMES.map((t) => [t, CONTENT_TYPES[t].label]),
) as Record<MediaUserType, string>;

/** 'Case study "Acme", Blog post "Launch" (in the trash)': the items a file is used by. */
export const describeMediaUses = (uses: MediaUse[]) =>
  uses
    .map((u) => `${MEDIA_USER_LABELS[u.type]} "${u.title}"${u.inTrash ? ' (in the trash)' : ''}`)
    .join(', ');

/** The 409 answer to deleting a file something still uses. */
export const mediaInUseMessage = (uses: MediaUse[]) =>
  `This file is in use and was not deleted. Remove it from these items first: ${describeMediaUses(uses)}`;

export const LEAD_TYPES = ['contacts', 'newsletter', 'resources'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
/** Open leads are not handled yet; the CMS lists open ones first by default. */
export const LEAD_STATUSES = ['open', 'handled', 'all'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const leadsQuerySchema = z
  .object({
    type: z.enum(LEAD_TYPES, { error: 'type must be contacts, newsletter or resources' }).default('contacts'),
    q: z.string().trim().max(200, 'Search must be at most 200 characters').pipe(singleLine(200)).optional(),
    status: z.enum(LEAD_STATUSES, { error: 'status must be open, handled or all' }).default('all'),
    /** Leads whose referrer host or utm_source contains this (any case). */
    source: z
      .string()
      .trim()
      .max(200, 'Source must be at most 200 characters')
      .pipe(singleLine(200))
      .optional(),
    /** Leads whose utm_campaign contains this (any case). */
    campaign: z
      .string()
      .trim()
      .max(200, 'Campaign must be at most 200 characters')
      .pipe(singleLine(200))
      .optional(),
  })
  .strict();
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;

export interface ContactLead {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  budget: string;
  goals: string;
  createdAt: string;
  /** When staff marked it handled; null while it is open. */
  handledAt?: string | null;
  /** Where it came from; null (or absent, from an older API) when nothing was recorded. */
  source?: LeadSource | null;
}
export interface NewsletterLead {
  id: number;
  email: string;
  createdAt: string;
  handledAt?: string | null;
  source?: LeadSource | null;
}
export interface AdminResourceLead {
  id: number;
  name: string;
  email: string;
  resourceId: number;
  resourceTitle: string;
  createdAt: string;
  handledAt?: string | null;
  source?: LeadSource | null;
}
export type LeadRow = ContactLead | NewsletterLead | AdminResourceLead;

/* ---------- Bulk actions (POST /api/admin/<type>/bulk) ---------- */

export const BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** The most items one bulk request may name (a CMS list shows far fewer). */
export const BULK_MAX_IDS = 500;
export const bulkActionSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: 'action must be publish, unpublish or delete' }),
    ids: z
      .array(z.number().int().positive(), { error: 'ids must be a list of item ids' })
      .min(1, 'Select at least one item')
      .max(BULK_MAX_IDS, `Select at most ${BULK_MAX_IDS} items`),
  })
  .strict();
export type BulkActionInput = z.input<typeof bulkActionSchema>;
/**
 * The answer: `changed` were written (one revision each; deleted ones went to the trash), `unchanged`
 * already were in that state, `missing` do not exist or are in the trash. Missing ids are reported,
 * not fatal: the others are still done (a colleague may have deleted one meanwhile).
 */
export interface BulkActionResult {
  action: BulkAction;
  changed: number[];
  unchanged: number[];
  missing: number[];
}
export const bulkPath = (adminPath: string) => `${adminPath}/bulk`;

/* ---------- Leads: handled / open, delete ---------- */

export const leadIdsSchema = z
  .array(z.number().int().positive(), { error: 'ids must be a list of lead ids' })
  .min(1, 'Select at least one lead')
  .max(BULK_MAX_IDS, `Select at most ${BULK_MAX_IDS} leads`);
/** POST /api/admin/leads/handled: marks the leads handled (true) or open again (false). */
export const leadsHandledSchema = z
  .object({ type: z.enum(LEAD_TYPES), ids: leadIdsSchema, handled: z.boolean() })
  .strict();
/** POST /api/admin/leads/delete: deletes the leads for good (the CMS asks to export them first). */
export const leadsDeleteSchema = z.object({ type: z.enum(LEAD_TYPES), ids: leadIdsSchema }).strict();
export type LeadsHandledInput = z.input<typeof leadsHandledSchema>;
export type LeadsDeleteInput = z.input<typeof leadsDeleteSchema>;
/** GET /api/admin/leads/summary: new leads of the last 7 days (the database's clock), for the Overview. */
export interface LeadsSummary {
  /** The start of the window (ISO). */
  since: string;
  contacts: number;
  resources: number;
  /** Addresses that confirmed their subscription in the window. */
  newsletter: number;
}

/** How many leads a handled/delete request changed (ids that do not exist are skipped). */
export interface LeadsChangeResult {
  count: number;
}

/* ---------- Content preview (staff) ---------- */

/** The query parameter that asks for a staff preview of a page: `/blog/my-post?preview`. */
export const PREVIEW_PARAM = 'preview';
/**
 * The form an editor POSTs to `<public path>?preview` (target _blank): the unsaved values as JSON
 * (checked with the type's input schema there) and, for a stored item, its id.
 */
export const contentPreviewFormSchema = z
  .object({
    values: z.string().min(2, 'Nothing to preview').regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE),
    id: z.coerce.number().int().positive().optional(),
  })
  .strict();
export const PREVIEW_BANNER_TEXT = 'Preview: not public';
/** Where an item of `type` with `slug` is previewed: its public path (from the route registry) + `?preview`. */
export function previewUrl(type: PreviewType, itemSlug: string): string {
  return `${sitePath(PREVIEW_KINDS[type], { slug: itemSlug })}?${PREVIEW_PARAM}`;
}
