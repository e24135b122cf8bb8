import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The key's `site_settings` row when SECRET_KEY is unset: links in e-mails must outlive a restart and
 * work on every instance, which a per-process key (download-token.ts's default) would not.
 */
const SIGNING_KEY_SETTING = 'newsletter-signing-key';

async function storedKey(db: Db): Promise<Buffer> {
  await db
    .insert(siteSettings)
    .values({ key: SIGNING_KEY_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, SIGNING_KEY_SETTING));
  return Buffer.from(String(row!.value));
}

export type ConfirmCheck =
  { ok: true; id: number; nonce: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed newsletter links (HMAC-SHA256, keyed with SECRET_KEY, else a key kept in the database):
 * - confirm: `<id>.<expiresAtMs>.<nonce>.<mac>`, valid 7 days; the nonce is the subscription's
 *   `confirm_nonce`, cleared when the link is used, so the database makes it single-use;
 * - unsubscribe: `<id>.<mac>`, no expiry (an old e-mail's link keeps working; unsubscribing twice is
 *   harmless).
 * Neither carries the address. `clock`: the app's "now" (tests move it past the 7 days).
 */
export function createSubscriptionTokens(db: Db, secretKey?: string, clock: () => Date = () => new Date()) {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= secretKey ? Promise.resolve(Buffer.from(secretKey)) : storedKey(db);
    // A failed read is tried again next time.
    key.catch(() => (key = undefined));
    return key;
  };
  const mac = async (text: string) =>
    createHmac('sha256', await keyOf())
      .update(text)
      .digest('base64url');
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };

  return {
    /** Loads the key: call it before a transaction that signs (on PGlite the key's read would wait for it). */
    ready: async () => {
      await keyOf();
    },
    newNonce: () => randomBytes(16).toString('base64url'),
    async confirm(id: number, nonce: string): Promise<string> {
      const expiresAt = clock().getTime() + CONFIRM_TOKEN_TTL_MS;
      return `${id}.${expiresAt}.${nonce}.${await mac(`confirm.${id}.${expiresAt}.${nonce}`)}`;
    },
    async checkConfirm(token: unknown): Promise<ConfirmCheck> {
      const m =
        typeof token === 'string' &&
        /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return { ok: false, reason: 'invalid' };
      const [, id, expiresAt, nonce, given] = m as unknown as [string, string, string, string, string];
      if (!same(given, await mac(`confirm.${id}.${expiresAt}.${nonce}`)))
        return { ok: false, reason: 'invalid' };
      if (Number(expiresAt) <= clock().getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, id: Number(id), nonce };
    },
    async unsubscribe(id: number): Promise<string> {
      return `${id}.${await mac(`unsubscribe.${id}`)}`;
    },
    async checkUnsubscribe(token: unknown): Promise<number | undefined> {
      const m = typeof token === 'string' && /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return undefined;
      return same(m[2]!, await mac(`unsubscribe.${m[1]}`)) ? Number(m[1]) : undefined;
    },
  };
}
export type SubscriptionTokens = ReturnType<typeof createSubscriptionTokens>;
