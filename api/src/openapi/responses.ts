/**
 * Answer shapes the contracts declare as TypeScript interfaces only (the readers cast or parse them
 * elsewhere). Each schema here is checked against its interface at compile time (`satisfies`), so the
 * document cannot drift from the type the API answers with.
 */
import { z } from 'zod';
import {
  BULK_ACTIONS,
  focalPointSchema,
  LEAD_TYPES,
  REVISION_KINDS,
  SITE_SETTING_KEYS,
  TRASH_TYPES,
  UTM_PARAMETERS,
  remoteReleasesSchema,
  type AdminResourceLead,
  type BulkActionResult,
  type LeadsChangeResult,
  type LeadsSummary,
  type ContactLead,
  type MediaItem,
  type NewsletterLead,
  type PreflightReport,
  type ReleaseSwitchAnswer,
  type Revision,
  type RevisionSummary,
  type TrashItem,
} from '@agency/contracts';

const timestamp = z.iso.datetime({ offset: true });
/** When staff marked a lead handled; null while it is open. */
const handledAt = timestamp.nullable().optional();

export const mediaItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  altText: z.string().optional().meta({ description: "'' when missing (the CMS flags it)" }),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
  derivatives: z
    .array(
      z.object({
        url: z.string(),
        format: z.enum(['avif', 'webp']),
        width: z.number().int(),
        height: z.number().int(),
        size: z.number().int(),
      }),
    )
    .optional(),
  focus: focalPointSchema
    .nullable()
    .optional()
    .meta({ description: 'Where crops keep their centre, in percent from the top left (null: the centre)' }),
  createdAt: timestamp,
  usedBy: z
    .array(
      z.object({
        type: z.enum(TRASH_TYPES).exclude(['media']),
        id: z.number().int(),
        title: z.string(),
        inTrash: z.boolean(),
      }),
    )
    .optional()
    .meta({ description: 'Where the file is used (items in the trash included)' }),
}) satisfies z.ZodType<MediaItem>;

/** Where a lead came from (all parts optional; null: nothing was recorded). */
const leadSource = z
  .object({
    page: z.string().optional().meta({ description: 'The path the form was sent from' }),
    landingPage: z.string().optional().meta({ description: 'The path the visit began on' }),
    referrerHost: z.string().optional().meta({ description: 'The host of the site the visit came from' }),
    utm: z
      .partialRecord(z.enum(UTM_PARAMETERS), z.string())
      .optional()
      .meta({ description: "The landing URL's utm_* parameters" }),
  })
  .nullable()
  .optional();

const contactLead = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  budget: z.string(),
  goals: z.string(),
  createdAt: timestamp,
  handledAt,
  source: leadSource,
}) satisfies z.ZodType<ContactLead>;
const newsletterLead = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: timestamp,
  handledAt,
  source: leadSource,
}) satisfies z.ZodType<NewsletterLead>;
const resourceLead = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  resourceId: z.number().int(),
  resourceTitle: z.string(),
  createdAt: timestamp,
  handledAt,
  source: leadSource,
}) satisfies z.ZodType<AdminResourceLead>;
/** GET /api/admin/leads?type=…: rows of the one type asked for. */
export const leadListSchema = z
  .union([z.array(contactLead), z.array(newsletterLead), z.array(resourceLead)])
  .meta({ description: `One list of the type asked for: ${LEAD_TYPES.join(', ')}` });

export const trashItemSchema = z.object({
  type: z.enum(TRASH_TYPES),
  id: z.number().int(),
  title: z.string(),
  deletedAt: timestamp,
}) satisfies z.ZodType<TrashItem>;

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  createdAt: timestamp,
  kind: z.enum(REVISION_KINDS),
  changedFields: z.array(z.string()),
  actorName: z
    .string()
    .nullable()
    .optional()
    .describe('Who saved it; null for saves before staff accounts existed and for the seed'),
}) satisfies z.ZodType<RevisionSummary>;
export const revisionSchema = revisionSummarySchema.extend({
  snapshot: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<Revision>;

/** GET/PUT /api/admin/site-settings answer `[{ key, value }]`. */
export const siteSettingEntriesSchema = z.array(
  z.object({ key: z.enum(SITE_SETTING_KEYS), value: z.unknown() }),
);

/** A promote's preflight: every page of the remote rendered with the version and the live one. */
export const preflightReportSchema = z.object({
  remote: z.string(),
  version: z.string(),
  live: z.string().nullable(),
  passed: z.boolean(),
  checked: z.number().int(),
  failed: z.number().int(),
  ms: z.number(),
  pages: z.array(
    z.object({
      path: z.string(),
      route: z.string(),
      liveStatus: z.number().int(),
      stagedStatus: z.number().int(),
      problems: z.array(z.string()),
    }),
  ),
  skipped: z.array(z.string()).optional(),
}) satisfies z.ZodType<PreflightReport>;

export const releaseSwitchAnswerSchema = z.object({
  message: z.string(),
  releases: remoteReleasesSchema,
  preflight: preflightReportSchema.optional(),
}) satisfies z.ZodType<ReleaseSwitchAnswer>;

/** GET /api/page-meta: the head the server would render for a path. */
export const pageMetaSchema = z.object({
  status: z.number().int(),
  title: z.string(),
  description: z.string(),
  canonical: z.string(),
  noindex: z.boolean(),
  /** The page's social card (og:image); null for a missing page. */
  image: z
    .object({ url: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() })
    .nullable(),
});

export const authenticatedSchema = z.object({ authenticated: z.literal(true) });
export const healthSchema = z.object({ status: z.string() });

/** POST /api/admin/<type>/bulk: what the action did to each id. */
export const bulkActionResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  changed: z.array(z.number().int()),
  unchanged: z.array(z.number().int()),
  missing: z.array(z.number().int()).meta({ description: 'Ids that do not exist or are in the trash' }),
}) satisfies z.ZodType<BulkActionResult>;
/** POST /api/admin/leads/handled and /leads/delete: how many leads changed. */
export const leadsSummarySchema = z.object({
  since: timestamp,
  contacts: z.number().int(),
  resources: z.number().int(),
  newsletter: z.number().int().describe('Addresses that confirmed their subscription in the window'),
}) satisfies z.ZodType<LeadsSummary>;

export const leadsChangeResultSchema = z.object({
  count: z.number().int(),
}) satisfies z.ZodType<LeadsChangeResult>;
