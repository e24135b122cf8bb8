import { z } from 'zod';
import { emailAddress, multiLine, singleLine } from './common';
import { LEAD_TYPES, type LeadType } from './admin';
import { fillPath } from './paths';

/**
 * Lead notifications (issue 38): who is told about leads, and what became of each e-mail and webhook
 * call (docs/integrations.md). The API's outbox is api/src/notifications/.
 */
export const NOTIFICATION_PATHS = {
  settings: '/api/admin/notifications/settings',
  status: '/api/admin/notifications/status',
  lead: '/api/admin/leads/:type/:id/notifications',
  resend: '/api/admin/leads/:type/:id/notifications/resend',
} as const;

export const NotificationRoutes = {
  settings: NOTIFICATION_PATHS.settings,
  status: NOTIFICATION_PATHS.status,
  lead: (type: LeadType, id: number | string) => fillPath(NOTIFICATION_PATHS.lead, { type, id }),
  resend: (type: LeadType, id: number | string) => fillPath(NOTIFICATION_PATHS.resend, { type, id }),
} as const;

export const leadNotificationParams = z.object({
  type: z.enum(LEAD_TYPES, { error: 'type must be contacts, newsletter or resources' }),
  id: z.coerce.number().int().positive(),
});

/** The visitor's confirmation of a contact request until staff write their own (Settings). */
export const DEFAULT_CONFIRMATION_TEXT =
  'Thanks for getting in touch. Your request reached us, and a senior strategist will reply within 24 hours ' +
  'with a few first thoughts and times for a free strategy session.\n\n' +
  'If anything is urgent in the meantime, just reply to this e-mail.';

export const NO_MAIL_SERVER_MESSAGE =
  'No mail server is configured (SMTP_URL is not set): lead e-mails are kept in the outbox and go out once one is.';

export const NotificationMessages = {
  recipient: 'Each recipient must be an e-mail address',
  webhookUrl: 'A webhook URL must be an http(s) URL',
  confirmationEmpty: 'The confirmation text is empty',
} as const;

/** PUT …/notifications/settings: the whole object; a webhook is `{ url }`, or absent/null to remove it. */
export const notificationSettingsInputSchema = z
  .object({
    recipients: z.array(emailAddress(NotificationMessages.recipient)).max(20, 'At most 20 recipients'),
    notifyNewsletter: z.boolean(),
    confirmationText: multiLine(4000).refine(
      (s) => s.trim().length > 0,
      NotificationMessages.confirmationEmpty,
    ),
    webhooks: z.partialRecord(
      z.enum(LEAD_TYPES),
      z
        .object({
          url: singleLine(2000).pipe(z.url({ protocol: /^https?$/, error: NotificationMessages.webhookUrl })),
          /** true: a new secret replaces the current one (shown once in the answer). */
          rotateSecret: z.boolean().optional(),
        })
        .strict()
        .nullable(),
    ),
  })
  .strict();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** GET/PUT answer: the secrets never leave again after the answer that created them. */
export interface NotificationSettingsView {
  recipients: string[];
  notifyNewsletter: boolean;
  confirmationText: string;
  webhooks: Partial<Record<LeadType, { url: string; createdAt: string; secretHint: string }>>;
  /** Only in the answer to the save that made them: the new secrets, to copy into the receiver. */
  newSecrets?: Partial<Record<LeadType, string>>;
}

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** One e-mail or webhook call of a lead (GET …/leads/{type}/{id}/notifications). */
export interface Delivery {
  /** Stable: the e-mail's Message-ID, the webhook's X-Agency-Webhook-Id. */
  id: string;
  kind: 'email' | 'webhook';
  /** 'staff-lead', 'visitor-confirmation', 'newsletter-confirm' or 'webhook'. */
  what: string;
  to: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
export interface LeadDeliveries {
  mailConfigured: boolean;
  deliveries: Delivery[];
}

/** GET …/notifications/status. */
export interface NotificationsStatus {
  mailConfigured: boolean;
  /** Set when mail is not configured: the sentence the CMS shows. */
  message: string | null;
  queued: number;
  retrying: number;
  failed: number;
  failures: { id: string; kind: string; leadType: string; leadId: number; lastError: string | null }[];
}
