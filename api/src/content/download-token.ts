import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a download link handed out for a lead stays valid. */
export const DOWNLOAD_TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * Signed, expiring download tokens: `<expiresAtMs>.<hmac(resourceId.expiresAtMs)>`.
 * The secret lives in this process only; a restart simply invalidates outstanding links,
 * which the visitor renews by submitting the form again.
 */
export function createDownloadTokens(secret: Buffer = randomBytes(32)) {
  const sign = (resourceId: number, expiresAt: number) =>
    createHmac('sha256', secret).update(`${resourceId}.${expiresAt}`).digest('base64url');

  return {
    issue(resourceId: number, now = Date.now()): string {
      const expiresAt = now + DOWNLOAD_TOKEN_TTL_MS;
      return `${expiresAt}.${sign(resourceId, expiresAt)}`;
    },
    verify(resourceId: number, token: unknown, now = Date.now()): boolean {
      if (typeof token !== 'string') return false;
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expiresAt = Number(match[1]);
      if (expiresAt <= now) return false;
      const expected = Buffer.from(sign(resourceId, expiresAt));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
