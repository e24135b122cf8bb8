/**
 * Drafts of stored items (issue 41, "edit a live page without going live"): staff save changes to a
 * published item as a pending draft the public does not see, preview it on the site, then publish it,
 * schedule it or discard it. One draft per item; its values are the item's full input, checked like a
 * save (`PUT /api/admin/<type>/:id/draft`).
 */
import { z } from 'zod';
import { storedDateTimeOf } from './admin';

export const DraftMessages = {
  publishAt: 'Schedule time must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00Z',
  publishAtRange: 'Schedule time must be in the year 1900 or later',
  publishAtPast: 'Schedule time must be in the future',
  noDraft: 'This item has no pending draft',
  /** The item was saved (or restored, or changed in bulk) after its draft: publishing would undo that. */
  stale:
    'This item was saved after its draft: open the draft, check it against the live version and save it again before it goes live',
} as const;

/**
 * The body of `PUT /api/admin/<type>/:id/draft`: the item's values (`values`, checked with the type's
 * input schema after this, so its field messages name the same paths as a save's), and when they go
 * live by themselves (`publishAt`; null or absent: when staff publish them).
 */
export const draftEnvelopeSchema = z
  .object({
    values: z.record(z.string(), z.unknown(), { error: 'values must be the item as an object' }),
    publishAt: storedDateTimeOf(DraftMessages.publishAt, DraftMessages.publishAtRange),
  })
  .strict();

/** The same body with the type's input schema in `values` (OpenAPI documents it so). */
export const draftInputSchemaOf = (values: z.ZodType) => draftEnvelopeSchema.extend({ values });

/** A pending draft as staff get it: in the item's `GET` answer (`draft`) and from its draft routes. */
export const contentDraftSchema = z.object({
  /** The item's input fields as the draft holds them. */
  values: z.record(z.string(), z.unknown()),
  /** When it goes live by itself; null: when staff publish it. */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  /** Who saved it last (null: before accounts, or a script). */
  authorName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ContentDraft = z.infer<typeof contentDraftSchema>;

/** What a list row says of its item's draft (no values): the "Draft pending" / "Changes scheduled" mark. */
export const draftMarkSchema = contentDraftSchema.omit({ values: true, createdAt: true });
export type DraftMark = z.infer<typeof draftMarkSchema>;

/**
 * The version of an item staff edit (its ETag, what If-Match names): the later of the item's and its
 * draft's, so a draft save, publish or discard by a colleague makes an open editor's save answer 412.
 */
export const editVersionOf = (row: { updatedAt: string; draft?: { updatedAt: string } | null }) => {
  const draft = row.draft?.updatedAt;
  return { updatedAt: draft && Date.parse(draft) > Date.parse(row.updatedAt) ? draft : row.updatedAt };
};
