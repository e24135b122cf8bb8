import { and, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { contactRequests, outboxJobs, pages, resourceLeads } from '../db/schema';
import { loadSiteSettings } from './site-settings';

export interface RetentionPurge {
  months: number;
  contactRequests: number;
  resourceLeads: number;
  outboxJobs: number;
  /** Delivered notifications past DELIVERED_SNAPSHOT_DAYS whose copy of the lead was dropped. */
  deliveredSnapshotsTrimmed: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a delivered notification keeps its copy of the lead (name, e-mail, message): long enough to
 * look into a delivery; after that the record keeps only what, to whom and when (the CMS's
 * Deliveries), and the lead itself stays in its own table until its retention period ends.
 */
export const DELIVERED_SNAPSHOT_DAYS = 30;

/**
 * Deletes the contact requests and resource leads whose last contact (staff marking them handled,
 * else their arrival) is more than the site setting's months ago, by the database's clock, with the
 * notifications about them; delivered notifications drop their copy of the lead after
 * DELIVERED_SNAPSHOT_DAYS. One instance at a time: the others find the lock taken and skip this
 * round (undefined). Newsletter subscriptions are kept until the person unsubscribes.
 */
export async function purgeExpiredLeads(db: Db, log: Logger): Promise<RetentionPurge | undefined> {
  const result = await db.transaction(async (tx) => {
    // Both drivers (PGlite, node-postgres) answer `rows`.
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('lead-retention')) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    const lock = rows[0];
    if (!lock?.locked) return undefined;
    const months = (await loadSiteSettings(tx)).leadRetentionMonths;
    const expired = (created: PgColumn, handled: PgColumn) =>
      sql`greatest(${created}, coalesce(${handled}, ${created})) < now() - make_interval(months => ${months})`;
    const contacts = await tx
      .delete(contactRequests)
      .where(expired(contactRequests.createdAt, contactRequests.handledAt))
      .returning({ id: contactRequests.id });
    const leads = await tx
      .delete(resourceLeads)
      .where(expired(resourceLeads.createdAt, resourceLeads.handledAt))
      .returning({ id: resourceLeads.id });
    const jobsOf = async (type: 'contacts' | 'resources', ids: number[]) =>
      ids.length
        ? (
            await tx
              .delete(outboxJobs)
              .where(and(sql`${outboxJobs.leadType} = ${type}`, inArray(outboxJobs.leadId, ids)))
              .returning({ id: outboxJobs.id })
          ).length
        : 0;
    const trimmed = await tx
      .update(outboxJobs)
      .set({ payload: sql`${outboxJobs.payload} - 'lead'` })
      .where(
        and(
          sql`${outboxJobs.status} = 'sent'`,
          sql`${outboxJobs.sentAt} < now() - make_interval(days => ${DELIVERED_SNAPSHOT_DAYS})`,
          sql`${outboxJobs.payload} -> 'lead' is not null`,
        ),
      )
      .returning({ id: outboxJobs.id });
    return {
      months,
      contactRequests: contacts.length,
      resourceLeads: leads.length,
      outboxJobs:
        (await jobsOf(
          'contacts',
          contacts.map((r) => r.id),
        )) +
        (await jobsOf(
          'resources',
          leads.map((r) => r.id),
        )),
      deliveredSnapshotsTrimmed: trimmed.length,
    };
  });
  // Counts only: which leads went is nobody's business in a log.
  if (result) log.info(result, 'retention: leads past their period deleted');
  return result;
}

/** Runs the purge now, then once a day; a failure is logged and tried again the next day. */
export function scheduleLeadRetention(db: Db, log: Logger, opts: { everyMs?: number } = {}) {
  const run = () =>
    void purgeExpiredLeads(db, log).catch((err: unknown) =>
      log.error({ err }, 'retention: purging leads failed'),
    );
  run();
  const timer = setInterval(run, opts.everyMs ?? DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The seeded privacy page's sentence before the period came from the settings, and after. */
const FIXED_PERIOD = 'up to 24 months after our last contact with you';
const SETTING_PERIOD = 'up to {{retentionMonths}} months after our last contact with you';

/**
 * A privacy page seeded before the setting still says "24 months" as fixed text: that sentence (and
 * only it, where staff left it as seeded) names the setting instead, so the page keeps stating the
 * period the purge applies. Reads the same at the default; `updated_at` stays. Answers the pages changed.
 */
export async function adoptRetentionPlaceholder(db: Db): Promise<number> {
  const body = sql`${pages.content} ->> 'body'`;
  const changed = await db
    .update(pages)
    .set({
      content: sql`jsonb_set(${pages.content}, '{body}', to_jsonb(replace(${body}, ${FIXED_PERIOD}, ${SETTING_PERIOD})))`,
    })
    .where(and(sql`${pages.slug} = 'privacy'`, sql`strpos(${body}, ${FIXED_PERIOD}) > 0`))
    .returning({ id: pages.id });
  return changed.length;
}
