import { Router } from 'express';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, LEAD_TYPES, type LeadType } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import {
  applyNotificationSettings,
  loadNotificationSettings,
  notificationSettingsInput,
  saveNotificationSettings,
  viewOf,
} from './notification-settings';
import { deliveriesOf, outboxCounts, recentFailures, resendLead } from './outbox';
import { checkWebhookUrl } from './webhook';

export const NO_MAIL_SERVER_MESSAGE =
  'No mail server is configured (SMTP_URL is not set): lead e-mails are kept in the outbox and go out once one is.';

const leadParams = z.object({
  type: z.enum(LEAD_TYPES, { error: 'type must be contacts, newsletter or resources' }),
  id: z.coerce.number().int().positive(),
});

/** What GET /api/admin/notifications/status answers. */
export interface NotificationsStatus {
  mailConfigured: boolean;
  /** Set when mail is not configured: the sentence the CMS shows. */
  message: string | null;
  queued: number;
  retrying: number;
  failed: number;
  failures: { id: string; kind: string; leadType: string; leadId: number; lastError: string | null }[];
}

/**
 * Staff routes of the outbox, under /api/admin (behind the staff session and the access rules):
 * the notification settings (admins), the outbox's state, a lead's deliveries and their resend.
 */
export function notificationsRouter({ db, env }: { db: Db; env: Pick<Env, 'SMTP_URL' | 'WEBHOOK_ALLOW_PRIVATE'> }) {
  const router = Router();

  router.get('/notifications/settings', async (_req, res) => {
    res.json(viewOf(await loadNotificationSettings(db)));
  });

  router.put('/notifications/settings', async (req, res) => {
    const input = parseBody(notificationSettingsInput, req);
    const problems: Record<string, string> = {};
    for (const type of LEAD_TYPES) {
      const url = input.webhooks[type]?.url;
      const problem = url ? await checkWebhookUrl(url, env.WEBHOOK_ALLOW_PRIVATE) : undefined;
      if (problem) problems[`webhooks.${type}.url`] = problem;
    }
    if (Object.keys(problems).length) {
      throw new HttpError(400, ErrorCode.VALIDATION, Object.values(problems)[0]!, problems);
    }
    const saved = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('notification-settings'))`);
      const next = applyNotificationSettings(await loadNotificationSettings(tx), input, new Date());
      await saveNotificationSettings(tx, next.stored);
      return next;
    });
    const newSecrets = Object.keys(saved.newSecrets).length ? { newSecrets: saved.newSecrets } : {};
    res.json({ ...viewOf(saved.stored), ...newSecrets });
  });

  router.get('/notifications/status', async (_req, res) => {
    const mailConfigured = Boolean(env.SMTP_URL);
    const status: NotificationsStatus = {
      mailConfigured,
      message: mailConfigured ? null : NO_MAIL_SERVER_MESSAGE,
      ...(await outboxCounts(db)),
      failures: await recentFailures(db),
    };
    res.json(status);
  });

  router.get('/leads/:type/:id/notifications', async (req, res) => {
    const { type, id } = parseParams(leadParams, req);
    res.json({ mailConfigured: Boolean(env.SMTP_URL), deliveries: await deliveriesOf(db, type as LeadType, id) });
  });

  router.post('/leads/:type/:id/notifications/resend', async (req, res) => {
    const { type, id } = parseParams(leadParams, req);
    const queued = await resendLead(db, type as LeadType, id, new Date());
    if (!queued) throw new HttpError(404, ErrorCode.NOT_FOUND, 'This lead has no notification to send again');
    res.json({ queued });
  });

  return router;
}
