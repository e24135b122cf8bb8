import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Delivery, LeadSource, LeadType } from '@agency/contracts';
import type { Db } from '../db/client';
import { outboxJobs, resources } from '../db/schema';
import { loadNotificationSettings, type DbOrTx } from './notification-settings';

/** A lead as its store just wrote it, with the row's id: what the notifications say about it. */
type LeadFields =
  | {
      type: 'contacts';
      firstName: string;
      lastName: string;
      email: string;
      company: string;
      budget: string;
      goals: string;
    }
  | { type: 'resources'; name: string; email: string; resourceId: number }
  | { type: 'newsletter'; email: string };
export type LeadNotice = LeadFields & {
  id: number;
  createdAt?: string | Date | null;
  source?: LeadSource | null;
};

/** The lead as the jobs carry it: a copy, so a message says what was sent even if the row goes. */
export type LeadSnapshot = LeadFields & {
  id: number;
  createdAt: string;
  source?: LeadSource | null;
  resourceTitle?: string;
};

export type EmailPayload =
  | { template: 'staff-lead'; to: string[]; lead: LeadSnapshot }
  | { template: 'visitor-confirmation'; to: string[]; text: string; lead: LeadSnapshot }
  | {
      /** Double opt-in: the link that confirms a newsletter sign-up, and the one that unsubscribes. */
      template: 'newsletter-confirm';
      to: string[];
      lead: LeadSnapshot;
      confirmToken: string;
      unsubscribeToken: string;
    }
  | {
      /**
       * A staff member's "Forgot password" (admin/account-router.ts): the one-hour set-password link,
       * taken out of the row once the e-mail is sent (the worker keeps no usable link at rest).
       */
      template: 'staff-password-reset';
      to: string[];
      name: string;
      url?: string;
    };
export interface WebhookPayload {
  formKind: LeadType;
  /** The URL when queued (the send uses the hook then in Settings for this form kind, and its secret). */
  url: string;
  lead: LeadSnapshot;
}

/** The lead's own fields only (a stored row also carries handled_at and the like: not part of the message). */
function fieldsOf(lead: LeadNotice): LeadFields {
  switch (lead.type) {
    case 'contacts': {
      const { type, firstName, lastName, email, company, budget, goals } = lead;
      return { type, firstName, lastName, email, company, budget, goals };
    }
    case 'resources': {
      const { type, name, email, resourceId } = lead;
      return { type, name, email, resourceId };
    }
    case 'newsletter':
      return { type: lead.type, email: lead.email };
  }
}

/**
 * Writes the jobs new leads cause, in the caller's transaction (the one that stored the leads), so a
 * lead and its notifications are stored together or not at all: one e-mail to the staff recipients
 * (newsletter sign-ups only when Settings ask for it), a confirmation to the visitor of a contact
 * request, and a webhook call when Settings name a hook for the form. One read of the settings and one
 * insert for all of them (the contact form's group commit stores up to 200 leads at once). Answers the
 * job ids.
 */
export async function enqueueLeadNotifications(
  tx: DbOrTx,
  leads: LeadNotice | readonly LeadNotice[],
): Promise<string[]> {
  const list: readonly LeadNotice[] = Array.isArray(leads) ? leads : [leads as LeadNotice];
  if (!list.length) return [];
  const settings = await loadNotificationSettings(tx);
  const resourceIds = [...new Set(list.flatMap((l) => (l.type === 'resources' ? [l.resourceId] : [])))];
  const titles = new Map(
    resourceIds.length
      ? (
          await tx
            .select({ id: resources.id, title: resources.title })
            .from(resources)
            .where(inArray(resources.id, resourceIds))
        ).map((r) => [r.id, r.title] as const)
      : [],
  );
  const jobs: {
    kind: 'email' | 'webhook';
    payload: EmailPayload | WebhookPayload;
    leadType: LeadType;
    leadId: number;
  }[] = [];
  for (const lead of list) {
    const snapshot = {
      ...fieldsOf(lead),
      id: lead.id,
      createdAt: lead.createdAt ? new Date(lead.createdAt).toISOString() : new Date().toISOString(),
      ...(lead.source ? { source: lead.source } : {}),
    } as LeadSnapshot;
    if (lead.type === 'resources') {
      const title = titles.get(lead.resourceId);
      if (title !== undefined) snapshot.resourceTitle = title;
    }
    const of = { leadType: lead.type, leadId: lead.id };
    if (settings.recipients.length && (lead.type !== 'newsletter' || settings.notifyNewsletter)) {
      jobs.push({
        kind: 'email',
        payload: { template: 'staff-lead', to: settings.recipients, lead: snapshot },
        ...of,
      });
    }
    if (lead.type === 'contacts') {
      jobs.push({
        kind: 'email',
        payload: {
          template: 'visitor-confirmation',
          to: [lead.email],
          text: settings.confirmationText,
          lead: snapshot,
        },
        ...of,
      });
    }
    const hook = settings.webhooks[lead.type];
    if (hook)
      jobs.push({ kind: 'webhook', payload: { formKind: lead.type, url: hook.url, lead: snapshot }, ...of });
  }
  if (!jobs.length) return [];
  const rows = await tx
    .insert(outboxJobs)
    .values(
      jobs.map((j) => ({
        kind: j.kind,
        payload: j.payload as unknown as Record<string, unknown>,
        leadType: j.leadType,
        leadId: j.leadId,
      })),
    )
    .returning({ id: outboxJobs.id });
  return rows.map((r) => r.id);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A lead's notifications, oldest first (GET /api/admin/leads/{type}/{id}/notifications). */
export async function deliveriesOf(db: Db, type: LeadType, id: number): Promise<Delivery[]> {
  const rows = await db
    .select()
    .from(outboxJobs)
    .where(and(eq(outboxJobs.leadType, type), eq(outboxJobs.leadId, id)))
    .orderBy(asc(outboxJobs.createdAt), asc(outboxJobs.id));
  return rows.map((r) => {
    const payload = r.payload as { template?: string; to?: string[]; url?: string };
    return {
      id: r.id,
      kind: r.kind,
      what: r.kind === 'webhook' ? 'webhook' : (payload.template ?? 'email'),
      to: r.kind === 'webhook' ? (payload.url ?? '') : (payload.to ?? []).join(', '),
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.status === 'queued' ? iso(r.nextAttemptAt) : null,
      lastError: r.lastError,
      createdAt: iso(r.createdAt)!,
      sentAt: iso(r.sentAt),
    };
  });
}

/**
 * Resend: every job of the lead that is not being sent right now goes back to the queue, due now,
 * with its id kept (a receiver that already has it drops the copy). Answers how many were queued.
 */
export async function resendLead(db: Db, type: LeadType, id: number, now: Date): Promise<number> {
  const rows = await db
    .update(outboxJobs)
    .set({ status: 'queued', nextAttemptAt: now, attempts: 0, lockedUntil: null, claimedBy: null })
    .where(
      and(
        eq(outboxJobs.leadType, type),
        eq(outboxJobs.leadId, id),
        inArray(outboxJobs.status, ['queued', 'sent', 'failed']),
      ),
    )
    .returning({ id: outboxJobs.id });
  return rows.length;
}

/** Counts for GET /api/admin/notifications/status. */
export async function outboxCounts(db: Db): Promise<{ queued: number; retrying: number; failed: number }> {
  const rows = await db
    .select({
      status: outboxJobs.status,
      retrying: sql<boolean>`${outboxJobs.attempts} > 0`,
      n: count(),
    })
    .from(outboxJobs)
    .where(inArray(outboxJobs.status, ['queued', 'sending', 'failed']))
    .groupBy(outboxJobs.status, sql`${outboxJobs.attempts} > 0`);
  const out = { queued: 0, retrying: 0, failed: 0 };
  for (const r of rows) {
    if (r.status === 'failed') out.failed += Number(r.n);
    else if (r.retrying && r.status === 'queued') out.retrying += Number(r.n);
    else out.queued += Number(r.n);
  }
  return out;
}

/** The newest failed deliveries (the Overview's "failing" list). */
export async function recentFailures(db: Db, limit = 10) {
  return db
    .select({
      id: outboxJobs.id,
      kind: outboxJobs.kind,
      leadType: outboxJobs.leadType,
      leadId: outboxJobs.leadId,
      lastError: outboxJobs.lastError,
    })
    .from(outboxJobs)
    .where(eq(outboxJobs.status, 'failed'))
    .orderBy(desc(outboxJobs.createdAt))
    .limit(limit);
}
