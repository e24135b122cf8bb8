/** The lead notifications' staff operations (issue 38; see notifications/notifications-router.ts). */
import { z } from 'zod';
import {
  NOTIFICATION_PATHS,
  leadNotificationParams,
  notificationSettingsInputSchema,
  openApiPath,
  type LeadDeliveries,
  type NotificationSettingsView,
  type NotificationsStatus,
} from '@agency/contracts';
import { staff, type Operation } from './operation';

const timestamp = z.iso.datetime({ offset: true });

const hookView = z.object({
  url: z.string(),
  createdAt: z.string(),
  secretHint: z
    .string()
    .meta({ description: 'The last characters of the secret (it is shown whole only once)' }),
});
const byLeadType = <T extends z.ZodType>(value: T) =>
  z.object({ contacts: value.optional(), newsletter: value.optional(), resources: value.optional() });

const settingsView = z.object({
  recipients: z.array(z.string()),
  notifyNewsletter: z.boolean(),
  confirmationText: z.string(),
  webhooks: byLeadType(hookView),
  newSecrets: byLeadType(z.string())
    .optional()
    .meta({ description: 'Only in the answer to the save that made them: copy them into the receiver now' }),
}) satisfies z.ZodType<NotificationSettingsView>;

const delivery = z.object({
  id: z.uuid().meta({ description: "Stable: the e-mail's Message-ID, the webhook's X-Agency-Webhook-Id" }),
  kind: z.enum(['email', 'webhook']),
  what: z
    .string()
    .meta({ description: "'staff-lead', 'visitor-confirmation', 'newsletter-confirm' or 'webhook'" }),
  to: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});
const leadDeliveries = z.object({
  mailConfigured: z.boolean(),
  deliveries: z.array(delivery),
}) satisfies z.ZodType<LeadDeliveries>;

const status = z.object({
  mailConfigured: z.boolean(),
  message: z.string().nullable(),
  queued: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
  failures: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      leadType: z.string(),
      leadId: z.number().int(),
      lastError: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<NotificationsStatus>;

export const notificationOperations: Operation[] = [
  staff({
    method: 'get',
    path: NOTIFICATION_PATHS.settings,
    tag: 'Notifications',
    summary: 'Who is told about leads: recipients, newsletter choice, confirmation text, webhooks (admins)',
    responses: { 200: { description: 'The settings, without the webhook secrets', schema: settingsView } },
    errors: [403],
  }),
  staff({
    method: 'put',
    path: NOTIFICATION_PATHS.settings,
    tag: 'Notifications',
    summary: 'Save them; a new or rotated webhook gets a new secret, answered once (admins, audited)',
    body: notificationSettingsInputSchema,
    responses: { 200: { description: 'Saved', schema: settingsView } },
    errors: [400, 403],
  }),
  staff({
    method: 'get',
    path: NOTIFICATION_PATHS.status,
    tag: 'Notifications',
    summary: 'Is a mail server configured, and how many notifications wait, retry or failed',
    responses: { 200: { description: 'The outbox', schema: status } },
  }),
  staff({
    method: 'get',
    path: openApiPath(NOTIFICATION_PATHS.lead),
    tag: 'Notifications',
    summary: "A lead's e-mails and webhook calls: sent, waiting (with the next attempt) or failed",
    params: leadNotificationParams,
    responses: {
      200: { description: 'The deliveries, oldest first', schema: leadDeliveries },
    },
    errors: [400],
  }),
  staff({
    method: 'post',
    path: openApiPath(NOTIFICATION_PATHS.resend),
    tag: 'Notifications',
    summary: "Queue the lead's notifications again, due now, each with its id kept (audited)",
    params: leadNotificationParams,
    responses: {
      200: { description: 'How many were queued', schema: z.object({ queued: z.number().int() }) },
    },
    errors: [400, 404],
  }),
];
