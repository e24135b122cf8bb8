import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BlogBodyFormat, ContentType, LeadSource, SubscriptionStatus } from '@agency/contracts';

/** A newsletter sign-up's consent record. */
export interface SubscriptionConsent {
  at: string;
  form: 'newsletter';
  page?: string;
  wording: string;
}

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** When staff moved the row to the trash; null: not trashed. Purged after TRASH_RETENTION_DAYS. */
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'string' });
/**
 * When a published item stops being public (null: never): past it, visitors no longer see the item,
 * though it stays published in the CMS (content/visibility.ts).
 */
const unpublishAt = () => timestamp('unpublish_at', { withTimezone: true, mode: 'string' });
/** When staff marked a lead handled; null: still open. */
const handledAt = () => timestamp('handled_at', { withTimezone: true, mode: 'string' });
/** Where a lead came from (page, landing page, referrer host, utm_*); null: nothing was known. */
const leadSource = () => jsonb('source').$type<LeadSource>();

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    budget: text('budget').notNull(),
    goals: text('goals').notNull(),
    createdAt: createdAt(),
    /** When staff marked the lead handled; null: still open. */
    handledAt: handledAt(),
    source: leadSource(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    handledAt: handledAt(),
    source: leadSource(),
    /** Double opt-in: a sign-up is `pending` until its address confirms; only `confirmed` ones are subscribers. */
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'string' }),
    /** When, from which form and page, with which wording the visitor asked (the latest sign-up). */
    consent: jsonb('consent').$type<SubscriptionConsent>(),
    /** The current confirmation's secret (in its link); cleared when used, so a link works once. */
    confirmNonce: text('confirm_nonce'),
    /** When the last confirmation e-mail was queued (a repeated sign-up resends at most hourly). */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true, mode: 'string' }),
  },
  // Duplicates are compared trimmed and case-insensitively.
  (t) => [
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
    check('newsletter_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

export const contentBlocks = pgTable('content_blocks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  identifier: text('identifier').notNull().unique(),
  type: text('type').notNull().default('hero'),
  content: jsonb('content').notNull().default({}),
  published: boolean('published').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  unpublishAt: unpublishAt(),
  deletedAt: deletedAt(),
});

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull(),
  icon: text('icon').notNull().default('search'),
  /** A name from SERVICE_VISUALS (contracts); the front end maps it to its styling. */
  visual: text('visual').notNull().default('ocean'),
  subtitle: text('subtitle').notNull().default(''),
  /** The introduction on the service's page (`description` is the card text). */
  intro: text('intro').notNull().default(''),
  provenResult: text('proven_result').notNull().default(''),
  features: jsonb('features').$type<{ title: string; description: string }[]>().notNull().default([]),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  process: jsonb('process').$type<{ phase: string; description: string }[]>().notNull().default([]),
  testimonialQuote: text('testimonial_quote').notNull().default(''),
  testimonialAuthor: text('testimonial_author').notNull().default(''),
  testimonialRole: text('testimonial_role').notNull().default(''),
  /** The picture when the page is shared (og:image), replacing its generated social card; null: generated. */
  socialImageUrl: text('social_image_url'),
  published: boolean('published').notNull().default(true),
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  unpublishAt: unpublishAt(),
  deletedAt: deletedAt(),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  content: text('content').notNull(),
  name: text('name').notNull(),
  title: text('title').notNull().default(''),
  company: text('company').notNull().default(''),
  imageUrl: text('image_url'),
  rating: integer('rating').notNull().default(5),
  published: boolean('published').notNull().default(true),
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  unpublishAt: unpublishAt(),
  deletedAt: deletedAt(),
});

export const caseStudies = pgTable('case_studies', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  client: text('client').notNull(),
  industry: text('industry').notNull(),
  duration: text('duration').notNull(),
  challenge: text('challenge').notNull(),
  solution: text('solution').notNull(),
  results: jsonb('results').$type<{ metric: string; value: string }[]>().notNull().default([]),
  services: jsonb('services').$type<string[]>().notNull().default([]),
  imageUrl: text('image_url'),
  /** The picture when the page is shared (og:image), replacing its generated social card; null: generated. */
  socialImageUrl: text('social_image_url'),
  published: boolean('published').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  unpublishAt: unpublishAt(),
  deletedAt: deletedAt(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    /** 'html' (older posts, the seed) or 'markdown' (written in the CMS editor). */
    contentFormat: text('content_format').$type<BlogBodyFormat>().notNull().default('html'),
    category: text('category').notNull(),
    author: text('author').notNull(),
    /** Shown under the author's name on the post ('Senior Strategist'); '' shows none. */
    authorRole: text('author_role').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The picture when the page is shared (og:image), replacing its generated social card; null: generated. */
    socialImageUrl: text('social_image_url'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    unpublishAt: unpublishAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.published, t.publishedAt)],
);

export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  type: text('type').notNull().default('guide'),
  gated: boolean('gated').notNull().default(false),
  fileUrl: text('file_url').notNull(),
  downloadCount: integer('download_count').notNull().default(0),
  published: boolean('published').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  unpublishAt: unpublishAt(),
  deletedAt: deletedAt(),
});

export const resourceLeads = pgTable('resource_leads', {
  id: serial('id').primaryKey(),
  resourceId: integer('resource_id')
    .notNull()
    .references(() => resources.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  createdAt: createdAt(),
  handledAt: handledAt(),
  source: leadSource(),
});

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  content: jsonb('content').notNull().default({}),
  /** The picture when the page is shared (og:image), replacing its generated social card; null: generated. */
  socialImageUrl: text('social_image_url'),
  published: boolean('published').notNull().default(false),
  /** When the published page goes live (null: as soon as published); in the future: Scheduled. */
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
  template: text('template').notNull().default('default'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  unpublishAt: unpublishAt(),
  deletedAt: deletedAt(),
});

/**
 * Each content type's table, by its registry name (CONTENT_TYPES): the staff CRUD, the trash, the
 * revisions, the scheduler and a public read of the type work on it. A type without one is a type error.
 */
export const CONTENT_TABLES = {
  pages,
  'content-blocks': contentBlocks,
  services,
  'blog-posts': blogPosts,
  'case-studies': caseStudies,
  testimonials,
  resources,
} as const satisfies { readonly [T in ContentType]: unknown };

/**
 * Pending changes to a stored item (a published one, usually) that the public does not see yet: the
 * item's full input values as staff last saved them as a draft, one per item. `publish_at` set: they
 * go live by themselves at that time (admin/draft-scheduler.ts, on whichever instance looks first);
 * null: when staff publish them. Publishing writes them over the item and deletes this row.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    id: serial('id').primaryKey(),
    /** The content type's registry name ('blog-posts'). */
    entityType: text('entity_type').$type<ContentType>().notNull(),
    entityId: integer('entity_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'string' }),
    /** Who saved it last: a staff_users id (null: the owner) and the name then. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_drafts_item_idx').on(t.entityType, t.entityId),
    index('content_drafts_publish_at_idx').on(t.publishAt),
  ],
);

export const siteSettings = pgTable('site_settings', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const adminCredentials = pgTable('admin_credentials', {
  id: integer('id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: updatedAt(),
});

export const adminSessions = pgTable('admin_sessions', {
  id: text('id').primaryKey(),
  /** The personal account signed in; null: the owner (the shared password). */
  userId: integer('user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});

/** Raw bytes. Read and written through encode/decode in SQL (see files/blob-store.ts). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Stored bytes, shared by every instance: one row of metadata plus the content in fixed-size chunks
 * (blob_chunks), written in one transaction and read back chunk by chunk. Generic on purpose: media
 * rows point here, and so can anything else that stores files.
 */
export const blobs = pgTable(
  'blobs',
  {
    id: serial('id').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the content: the strong ETag, and the key a later deduplication can use. */
    sha256: text('sha256').notNull(),
    /** Every chunk but the last holds exactly this many bytes, so a byte range maps to chunk numbers. */
    chunkSize: integer('chunk_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('blobs_sha256_idx').on(t.sha256)],
);

export const blobChunks = pgTable(
  'blob_chunks',
  {
    blobId: integer('blob_id')
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);

/** One responsive rendition of an uploaded image, served at /uploads/<fileName>. */
export type MediaDerivativeRow = {
  fileName: string;
  format: 'webp' | 'avif';
  width: number;
  height: number;
  size: number;
  blobId: number;
};

/** Files staff uploaded, served at /uploads/<file_name>. */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  /** The bytes. Null only for a row from before files moved into the database whose file was not imported (yet). */
  blobId: integer('blob_id').references(() => blobs.id),
  /** Alternative text staff gave the image; '' means missing (the CMS flags it). */
  altText: text('alt_text').notNull().default(''),
  /** sha256 of the bytes (hex): an upload of the same bytes reuses this row. Null for rows from before it. */
  contentHash: text('content_hash').unique(),
  /** Intrinsic size of an image, null for other files. */
  width: integer('width'),
  height: integer('height'),
  /** Responsive derivatives: [{ fileName, format, width, height, size }]. */
  derivatives: jsonb('derivatives').$type<MediaDerivativeRow[]>().notNull().default([]),
  /** The focal point staff set, in percent of the width and height from the top left; null: the centre. */
  focusX: real('focus_x'),
  focusY: real('focus_y'),
  /**
   * Put in the media library (uploaded there, or seeded): public wherever it is used, so a gated
   * resource that offers the same file cannot hide it. False for files uploaded only as a resource's
   * download, which gating hides from /uploads.
   */
  inLibrary: boolean('in_library').notNull().default(false),
  createdAt: createdAt(),
  /** In the Trash since then: off the library and the public site until restored or purged. */
  deletedAt: deletedAt(),
});

/**
 * Rate-limit counters shared by every API instance (rate-limiter-flexible's Drizzle store: one atomic
 * upsert per hit). Declared here so the migrations own the table; the library never creates it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});

/**
 * Releases of the remotes, shared by every instance when DATABASE_URL is set (see releases/): one row
 * per remote and version, its files as blobs, the version each remote serves now, and every switch.
 * Without DATABASE_URL the disk store (RELEASES_DIR) is used instead and these tables stay empty.
 */
export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    /** The remote's federation name (`mf_content`). */
    remote: text('remote').notNull(),
    /** `<package version>-<content hash>`: the same build is the same version. */
    version: text('version').notNull(),
    /** The git commit the release was built from (`+dirty` when the checkout had changes). */
    gitCommit: text('git_commit').notNull(),
    /** What changed: the subject of that commit (or `npm run release -- … --message`); null when unknown. */
    subject: text('subject'),
    fileCount: integer('file_count').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('releases_remote_version_idx').on(t.remote, t.version)],
);

/** A release's files by path inside it (`remoteEntry.js`, `assets/x.js.br`, `server/entry-server.js`). */
export const releaseFiles = pgTable(
  'release_files',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    blobId: integer('blob_id')
      .notNull()
      .references(() => blobs.id),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.path] })],
);

/** The release each remote serves now; no row: the locally built remote. */
export const releaseCurrent = pgTable(
  'release_current',
  {
    remote: text('remote').primaryKey(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id),
    switchedAt: timestamp('switched_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /**
     * A canary: this release is served to `canary_percent` % of visitors (sticky per visitor, see
     * site/canary.ts), everyone else keeps release_id. Both null: no canary.
     */
    canaryReleaseId: integer('canary_release_id').references(() => releases.id),
    canaryPercent: integer('canary_percent'),
  },
  (t) => [
    check(
      'release_current_canary_check',
      sql`(${t.canaryReleaseId} is null and ${t.canaryPercent} is null) or (${t.canaryReleaseId} is not null and ${t.canaryPercent} between 1 and 99)`,
    ),
  ],
);

/**
 * Every switch of a remote's current release: by a release, a promotion of a staged release or a
 * rollback, when, and from which commit.
 */
export const releaseSwitches = pgTable(
  'release_switches',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    action: text('action').$type<'release' | 'promote' | 'rollback'>().notNull(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id),
    /** The release served before the switch (null: the local build). */
    fromReleaseId: integer('from_release_id').references(() => releases.id),
    /** The git commit of the checkout that ran the command. */
    gitCommit: text('git_commit').notNull(),
    switchedAt: timestamp('switched_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('release_switches_remote_idx').on(t.remote, t.id),
    check('release_switches_action_check', sql`${t.action} in ('release', 'promote', 'rollback')`),
  ],
);

/**
 * The canaries the canary guard followed (site/canary-guard.ts, issue 40 item 4): one row per canary
 * from when an instance first saw it run to when it ended (by hand, by a promote, or by itself:
 * `endedReason` then says why, in the words the Releases tab and the audit show). One running row per
 * remote; ending it is a conditional update, so one instance alone decides.
 */
export const canaryRuns = pgTable(
  'canary_runs',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** The version everyone outside the canary was on. */
    liveVersion: text('live_version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
    /** Why the canary ended by itself (null: running, or ended by hand or by a promote). */
    endedReason: text('ended_reason'),
  },
  (t) => [
    uniqueIndex('canary_runs_running_idx')
      .on(t.remote)
      .where(sql`${t.endedAt} is null`),
    index('canary_runs_remote_idx').on(t.remote, t.id),
  ],
);

/**
 * Page views and failures (client errors the browser reported, server renders that failed) per
 * remote, version and minute while a canary of that remote runs: every instance adds its own, so the
 * guard compares the canary with the live version over the same window across instances.
 */
export const canaryCounts = pgTable(
  'canary_counts',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.minute] })],
);

/**
 * Every save of a staff-edited item (type: its admin path segment, TRASH_TYPES): the editable fields
 * as saved, and which of them changed since the item's previous revision. The newest
 * REVISIONS_KEPT per item are kept.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    /** 'create' | 'update' | 'restore' | 'baseline' (the item as found before its first recorded save). */
    kind: text('kind').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    /** Who saved it: a staff_users id (null: the owner, or before accounts existed) and the name then. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
  },
  (t) => [index('revisions_entity_idx').on(t.entityType, t.entityId, t.id)],
);

/**
 * Personal staff accounts (the owner is the shared password of admin_credentials, not a row here).
 * role: 'admin' (everything) or 'editor' (content, media and leads). A disabled account cannot sign
 * in and its sessions are deleted. A set-password link is stored as the SHA-256 of its token.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'admin' | 'editor'>().notNull(),
    /** Null until a password is set (by the admin, or through a set-password link). */
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    setPasswordToken: text('set_password_token'),
    setPasswordExpiresAt: timestamp('set_password_expires_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('staff_users_set_password_token_idx').on(t.setPasswordToken),
    check('staff_users_role_check', sql`${t.role} in ('admin', 'editor')`),
  ],
);

/**
 * Who did what in the CMS, newest last by id: sign-ins (and failed ones), content writes, media,
 * settings, releases and account changes. actor_id null with a name: the owner (or, for a failed
 * sign-in, whoever was named).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
    address: text('address'),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorId, t.id),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.id),
  ],
);

/**
 * Who has which item open in the CMS now: one row per item and person, refreshed by a heartbeat
 * while the editor is open; rows older than a minute no longer count.
 */
export const editingPresence = pgTable(
  'editing_presence',
  {
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    /** `user:<id>` or `owner`. */
    actorKey: text('actor_key').notNull(),
    actorName: text('actor_name').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId, t.actorKey] })],
);

/**
 * One-time outcomes of forms posted without JavaScript (see forms/form-flash.ts): the browser holds
 * only an opaque token in an HttpOnly cookie; the row (by the token's hash) holds what the page shows
 * next, the visitor's typed values included, for a few minutes, and is used up by the page that shows
 * it. `digest` names a valid submission (form, values, client) so that the same one sent again while
 * its row lives is answered, not stored a second time.
 */
export const formFlashes = pgTable(
  'form_flashes',
  {
    id: text('id').primaryKey(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    digest: text('digest'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('form_flashes_digest_idx').on(t.digest),
    index('form_flashes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The outbox (api/src/notifications/): each e-mail or webhook call a lead causes, written in the lead's
 * own transaction and sent by a worker in any instance. A worker claims a due job by setting
 * `locked_until` (a lease: a job whose instance died is claimed again once it lapses); the id is the
 * job's stable identity outside (the e-mail's Message-ID, a webhook's X-Agency-Webhook-Id).
 */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'email' | 'webhook'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The lead it tells about: 'contact' | 'resource-lead' | 'newsletter' and that table's id. */
    leadType: text('lead_type').notNull(),
    leadId: integer('lead_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** While `sending`: the claim's lease; past it, another worker may take the job again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    claimedBy: text('claimed_by'),
  },
  (t) => [
    check('outbox_jobs_kind_check', sql`${t.kind} in ('email', 'webhook')`),
    check('outbox_jobs_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    index('outbox_jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_jobs_lead_idx').on(t.leadType, t.leadId, t.createdAt),
  ],
);

/**
 * Old site addresses that answer 301 to where the item lives now (docs/cms.md, Redirects): recorded
 * when a public item's slug changes (chains collapsed: every row points at a live address), added
 * by staff, or imported from CSV. `from_path` is a canonical page path; `to_path` a path or an
 * absolute http(s) URL. Hits are counted in memory and added in batches.
 */
export const redirects = pgTable('redirects', {
  id: serial('id').primaryKey(),
  fromPath: text('from_path').notNull().unique(),
  toPath: text('to_path').notNull(),
  /** 'slug' (a slug change), 'manual' (the Redirects tab) or 'import' (a CSV). */
  source: text('source').$type<'slug' | 'manual' | 'import'>().notNull().default('manual'),
  hits: integer('hits').notNull().default(0),
  lastHitAt: timestamp('last_hit_at', { withTimezone: true, mode: 'string' }),
  createdAt: createdAt(),
});
