import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_CONFIRMATION_TEXT,
  LEAD_TYPES,
  type LeadType,
  type NotificationSettingsInput,
  type NotificationSettingsView,
} from '@agency/contracts';
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
    stored: {
      recipients,
      notifyNewsletter: input.notifyNewsletter,
      confirmationText: input.confirmationText,
      webhooks,
    },
    newSecrets,
  };
}

export async function saveNotificationSettings(db: DbOrTx, value: NotificationSettings) {
  await db
    .insert(siteSettings)
    .values({ key: NOTIFICATION_SETTINGS_KEY, value })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
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
