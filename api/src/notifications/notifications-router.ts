import { Router } from 'express';
import { sql } from 'drizzle-orm';
import {
  ErrorCode,
  LEAD_TYPES,
  NOTIFICATION_PATHS,
  NO_MAIL_SERVER_MESSAGE,
  leadNotificationParams,
  notificationSettingsInputSchema,
  type LeadDeliveries,
  type NotificationsStatus,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { HttpError } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import {
  applyNotificationSettings,
  loadNotificationSettings,
  saveNotificationSettings,
  viewOf,
} from './notification-settings';
import { deliveriesOf, outboxCounts, recentFailures, resendLead } from './outbox';
import { checkWebhookUrl } from './webhook';

/** The routes below sit under /api/admin (admin-router.ts mounts them). */
const under = (path: string) => path.slice('/api/admin'.length);

/**
 * Staff routes of the outbox, under /api/admin (behind the staff session and the access rules):
 * the notification settings (admins), the outbox's state, a lead's deliveries and their resend.
 */
export function notificationsRouter({
  db,
  env,
}: {
  db: Db;
  env: Pick<Env, 'SMTP_URL' | 'WEBHOOK_ALLOW_PRIVATE'>;
}) {
  const router = Router();

  router.get(under(NOTIFICATION_PATHS.settings), async (_req, res) => {
    res.json(viewOf(await loadNotificationSettings(db)));
  });

  router.put(under(NOTIFICATION_PATHS.settings), async (req, res) => {
    const input = parseBody(notificationSettingsInputSchema, req);
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

  router.get(under(NOTIFICATION_PATHS.status), async (_req, res) => {
    const mailConfigured = Boolean(env.SMTP_URL);
    const status: NotificationsStatus = {
      mailConfigured,
      message: mailConfigured ? null : NO_MAIL_SERVER_MESSAGE,
      ...(await outboxCounts(db)),
      failures: await recentFailures(db),
    };
    res.json(status);
  });

  router.get(under(NOTIFICATION_PATHS.lead), async (req, res) => {
    const { type, id } = parseParams(leadNotificationParams, req);
    const answer: LeadDeliveries = {
      mailConfigured: Boolean(env.SMTP_URL),
      deliveries: await deliveriesOf(db, type, id),
    };
    res.json(answer);
  });

  router.post(under(NOTIFICATION_PATHS.resend), async (req, res) => {
    const { type, id } = parseParams(leadNotificationParams, req);
    const queued = await resendLead(db, type, id, new Date());
    if (!queued) throw new HttpError(404, ErrorCode.NOT_FOUND, 'This lead has no notification to send again');
    res.json({ queued });
  });

  return router;
}
