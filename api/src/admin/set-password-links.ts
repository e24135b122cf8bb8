import { createHash, randomBytes } from 'node:crypto';
import { SET_PASSWORD_FRAGMENT } from '@agency/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSessions, staffUsers } from '../db/schema';
import type { Env } from '../env';

/** How a set-password token is stored: its SHA-256 only (the token itself lives in the link). */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new one-time set-password link, an admin's (7 days) or one asked for with "Forgot password"
 * (an hour): the digest to store on the account, the link, and when it ends.
 */
export function newSetPasswordLink(env: Pick<Env, 'PUBLIC_URL'>, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    stored: tokenDigest(token),
    url: `${env.PUBLIC_URL}/cms#${SET_PASSWORD_FRAGMENT}${token}`,
    expiresAt: new Date(Date.now() + ttlMs).toISOString(),
  };
}

/**
 * Stores a new password on the account `where` names (its set-password link used up) and ends every
 * session of the account, in one transaction: every instance looks sessions up at every request, so
 * the account is signed out everywhere at once. Answers the account, or undefined when none matched.
 */
export function replacePassword(db: Db, where: SQL, passwordHash: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash, setPasswordToken: null, setPasswordExpiresAt: null, updatedAt: sql`now()` })
      .where(where)
      .returning({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email });
    if (row) await tx.delete(adminSessions).where(eq(adminSessions.userId, row.id));
    return row;
  });
}
