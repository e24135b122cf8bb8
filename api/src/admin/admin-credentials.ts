import { eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { isCommonPassword } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { adminCredentials, adminSessions } from '../db/schema';
import { generatePassword, hashPassword, verifyPassword } from './password-hash';

/** The one shared staff credential lives in row 1. */
const CREDENTIAL_ID = 1;

async function storedHash(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: adminCredentials.passwordHash })
    .from(adminCredentials)
    .where(eq(adminCredentials.id, CREDENTIAL_ID));
  return row?.passwordHash;
}

/**
 * Replaces the stored password and ends every session signed in with it (in one transaction): whoever
 * signed in with the old password is signed out, whichever route changed it. Personal accounts
 * (sessions with a user id) have their own passwords and stay signed in.
 */
export async function setAdminPassword(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .insert(adminCredentials)
      .values({ id: CREDENTIAL_ID, passwordHash })
      .onConflictDoUpdate({
        target: adminCredentials.id,
        set: { passwordHash, updatedAt: new Date().toISOString() },
      });
    await tx.delete(adminSessions).where(isNull(adminSessions.userId));
  });
}

/**
 * Stores ADMIN_PASSWORD at start unless another instance starting beside this one stored it first:
 * the check is made again under the credential row's lock. Without it, two instances that both read
 * the old hash each stored the new one and each ended the shared-password sessions, so an owner who
 * signed in between the two writes was signed out. Returns whether this call stored it.
 */
async function storeStartPassword(db: Db, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(adminCredentials)
      .values({ id: CREDENTIAL_ID, passwordHash })
      .onConflictDoNothing()
      .returning({ id: adminCredentials.id });
    if (inserted.length) return true;
    const [row] = await tx
      .select({ passwordHash: adminCredentials.passwordHash })
      .from(adminCredentials)
      .where(eq(adminCredentials.id, CREDENTIAL_ID))
      .for('update');
    if (row && (await verifyPassword(password, row.passwordHash))) return false;
    await tx
      .update(adminCredentials)
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where(eq(adminCredentials.id, CREDENTIAL_ID));
    await tx.delete(adminSessions).where(isNull(adminSessions.userId));
    return true;
  });
}

export async function checkAdminPassword(db: Db, password: string): Promise<boolean> {
  const hash = await storedHash(db);
  return hash ? verifyPassword(password, hash) : false;
}

/**
 * At start: ADMIN_PASSWORD, when set, becomes the password (its hash is stored if the stored one
 * does not verify it). Without it and without a stored hash, a random password is generated and
 * logged once; several instances starting together store only one (the insert that wins logs).
 */
export async function ensureAdminPassword(
  db: Db,
  env: Pick<Env, 'ADMIN_PASSWORD'>,
  log: Logger,
): Promise<void> {
  if (env.ADMIN_PASSWORD && isCommonPassword(env.ADMIN_PASSWORD)) {
    // The password itself is never logged: the warning says only that it is a guessable one.
    log.warn(
      'ADMIN_PASSWORD is a common password that staff accounts refuse: anyone may guess the owner password; set a stronger one and restart',
    );
  }
  const hash = await storedHash(db);
  if (env.ADMIN_PASSWORD) {
    if (hash && (await verifyPassword(env.ADMIN_PASSWORD, hash))) return;
    if (await storeStartPassword(db, env.ADMIN_PASSWORD))
      log.info('staff password set from ADMIN_PASSWORD; every staff session was ended');
    return;
  }
  if (hash) return;
  const password = generatePassword();
  const inserted = await db
    .insert(adminCredentials)
    .values({ id: CREDENTIAL_ID, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: adminCredentials.id });
  if (inserted.length) {
    log.warn(
      `Generated staff password for /cms (shown only this once): ${password} -- ` +
        'change it in /cms > Settings, or set ADMIN_PASSWORD and restart (ADMIN_PASSWORD wins at every start).',
    );
  }
}
