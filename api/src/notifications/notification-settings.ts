import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LEAD_TYPES, type LeadType } from '@agency/contracts';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Who is told about leads (CMS > Settings > Notifications). Stored as one `site_settings` row under its
 * own key, apart from SITE_SETTING_KEYS: the public GET /api/site-settings never reads it (recipients
 * and webhook secrets are staff matters) and the site settings answer stays what it was.
 */
export const NOTIFICATION_SETTINGS_KEY = 'notifications';

export const DEFAULT_CONFIRMATION_TEXT =
  'Thanks for getting in touch. Your request reached us, and a senior strategist will reply within 24 hours ' +
  'with a few first thoughts and times for a free strategy session.\n\n' +
  'If anything is urgent in the meantime, just reply to this e-mail.';

const storedHook = z.object({
  url: z.string(),
  secret: z.string(),
  createdAt: z.string(),
});
export type StoredWebhook = z.infer<typeof storedHook>;

const storedSchema = z.object({
  recipients: z.array(z.string()).default([]),
  notifyNewsletter: z.boolean().default(false),
  confirmationText: z.string().default(DEFAULT_CONFIRMATION_TEXT),
  webhooks: z.partialRecord(z.enum(LEAD_TYPES), storedHook).default({}),
});
export type NotificationSettings = z.infer<typeof storedSchema>;

const noControl = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'Control characters are not allowed');

/** PUT /api/admin/notifications/settings: the whole object; a webhook is `{ url }`, or null to remove it. */
export const notificationSettingsInput = z
  .object({
    recipients: z.array(z.email('Each recipient must be an e-mail address').max(254)).max(20),
    notifyNewsletter: z.boolean(),
    confirmationText: noControl(4000).refine((s) => s.trim().length > 0, 'The confirmation text is empty'),
    webhooks: z.partialRecord(
      z.enum(LEAD_TYPES),
      z
        .object({
          url: z.url({ protocol: /^https?$/, error: 'A webhook URL must be an http(s) URL' }).max(2000),
          /** true: a new secret replaces the current one (shown once in the answer). */
          rotateSecret: z.boolean().optional(),
        })
        .strict()
        .nullable(),
    ),
  })
  .strict();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

/** What staff see: the secrets never leave again after the answer that created them. */
export interface NotificationSettingsView {
  recipients: string[];
  notifyNewsletter: boolean;
  confirmationText: string;
  webhooks: Partial<Record<LeadType, { url: string; createdAt: string; secretHint: string }>>;
  /** Only in the answer to the save that made them: the new secrets, to copy into the receiver. */
  newSecrets?: Partial<Record<LeadType, string>>;
}

export async function loadNotificationSettings(db: DbOrTx): Promise<NotificationSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
  const parsed = storedSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * Applies a save to the stored settings: an unchanged URL keeps its secret, a new URL (or a rotation)
 * gets a new one. Answers the stored value and the secrets made.
 */
export function applyNotificationSettings(
  current: NotificationSettings,
  input: NotificationSettingsInput,
  now: Date,
): { stored: NotificationSettings; newSecrets: Partial<Record<LeadType, string>> } {
  const webhooks: NotificationSettings['webhooks'] = {};
  const newSecrets: Partial<Record<LeadType, string>> = {};
  for (const type of LEAD_TYPES) {
    const wanted = input.webhooks[type];
    const before = current.webhooks[type];
    if (!wanted) continue;
    if (before && before.url === wanted.url && !wanted.rotateSecret) {
      webhooks[type] = before;
      continue;
    }
    const secret = newWebhookSecret();
    webhooks[type] = { url: wanted.url, secret, createdAt: now.toISOString() };
    newSecrets[type] = secret;
  }
  const recipients = [...new Set(input.recipients.map((r) => r.trim()))];
  return {
    stored: { recipients, notifyNewsletter: input.notifyNewsletter, confirmationText: input.confirmationText, webhooks },
    newSecrets,
  };
}

export async function saveNotificationSettings(db: DbOrTx, value: NotificationSettings) {
  await db
    .insert(siteSettings)
    .values({ key: NOTIFICATION_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}

export function viewOf(s: NotificationSettings): NotificationSettingsView {
  const webhooks: NotificationSettingsView['webhooks'] = {};
  for (const [type, hook] of Object.entries(s.webhooks) as [LeadType, StoredWebhook][]) {
    webhooks[type] = { url: hook.url, createdAt: hook.createdAt, secretHint: `…${hook.secret.slice(-4)}` };
  }
  return {
    recipients: s.recipients,
    notifyNewsletter: s.notifyNewsletter,
    confirmationText: s.confirmationText,
    webhooks,
  };
}
