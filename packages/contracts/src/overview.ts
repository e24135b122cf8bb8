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

/** A published item dated in the future. */
export const scheduledItemSchema = z.object({
  type: contentType,
  id: z.number().int(),
  title: z.string(),
  at: instant,
});
/** One content save (created, edited, restored); `by` is who saved it. */
export const recentEditSchema = scheduledItemSchema.extend({
  by: z.string(),
  kind: z.enum(['create', 'update', 'restore']),
});

export const overviewSchema = z.object({
  /** Soonest first. */
  scheduled: z.array(scheduledItemSchema),
  /** Newest first. */
  recentEdits: z.array(recentEditSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
