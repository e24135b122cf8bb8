import { z } from 'zod';
import { CONTENT_TYPE_NAMES } from './content-types';

/**
 * GET /api/admin/overview: what the CMS's Overview shows an editor besides the counters (issue 41,
 * defect 11): the items that go live on their own soon, and the team's latest saves.
 */
export const OVERVIEW_PATH = '/api/admin/overview';

/** How many of each list the Overview shows. */
export const OVERVIEW_LIMIT = 8;

const instant = z.iso.datetime({ offset: true });
const contentType = z.enum(CONTENT_TYPE_NAMES);

/** Something that happens to an item by itself at `at`. */
export const SCHEDULED_EVENTS = ['goes-live', 'changes', 'unpublishes'] as const;

/**
 * A published item dated in the future (`goes-live`), a live item's scheduled draft (`changes`), or
 * a published item's unpublish date (`unpublishes`).
 */
export const scheduledItemSchema = z.object({
  type: contentType,
  id: z.number().int(),
  title: z.string(),
  at: instant,
  what: z.enum(SCHEDULED_EVENTS).catch('goes-live'),
});
/** One content save (created, edited, restored); `by` is who saved it. */
export const recentEditSchema = scheduledItemSchema.omit({ what: true }).extend({
  by: z.string(),
  kind: z.enum(['create', 'update', 'restore']),
});

export const overviewSchema = z.object({
  /** Soonest first: items going live, scheduled changes of live items, unpublish dates. */
  scheduled: z.array(scheduledItemSchema),
  /** Newest first. */
  recentEdits: z.array(recentEditSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
