import { Router } from 'express';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  ErrorCode,
  SET_PASSWORD_LINK_DAYS,
  StaffMessages,
  adminIdParams,
  setPasswordSchema,
  staffUserCreateSchema,
  staffUserPatchSchema,
  type PasswordSetAnswer,
  type SetPasswordLink,
  type StaffUser,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { adminSessions, staffUsers } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { clientAddress } from '../http/client-address';
import type { AppContext } from '../app-context';
import { hashPassword } from './password-hash';
import { isUniqueViolation } from '../db/pg-errors';
import { actorOfResponse } from './staff-actor';
import { sameOriginWrites } from './admin-guards';
import { recordAudit } from './audit';
import { newSetPasswordLink, replacePassword, tokenDigest } from './set-password-links';

type UserRow = typeof staffUsers.$inferSelect;

const shown = (u: UserRow): StaffUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled: u.disabled,
  hasPassword: u.passwordHash !== null,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

const DAY_MS = 24 * 60 * 60 * 1000;

const emailTaken = () =>
  new HttpError(409, ErrorCode.CONFLICT, StaffMessages.emailTaken, { email: StaffMessages.emailTaken });

/**
 * Staff accounts (admins and the owner; the access policy refuses editors): GET /users,
 * POST /users, PATCH /users/:id, POST /users/:id/set-password-link. Disabling an account or giving it
 * a new password deletes its sessions in the same transaction: every instance looks sessions up in
 * the database at every request, so they end everywhere at once.
 */
export function staffUsersRouter({ db, env }: { db: Db; env: Env }) {
  const router = Router();

  router.get('/users', async (_req, res) => {
    const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.name), asc(staffUsers.id));
    res.json(rows.map(shown));
  });

  router.post('/users', async (req, res) => {
    const { email, name, role, password } = parseBody(staffUserCreateSchema, req);
    const passwordHash = password ? await hashPassword(password) : null;
    const [row] = await db
      .insert(staffUsers)
      .values({ email, name, role, passwordHash })
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? emailTaken() : err;
      });
    res.status(201).json(shown(row!));
  });

  router.patch('/users/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const patch = parseBody(staffUserPatchSchema, req);
    const me = actorOfResponse(res);
    if (me.id === id && (patch.disabled === true || patch.role === 'editor')) {
      throw new HttpError(400, ErrorCode.VALIDATION, StaffMessages.ownAccount);
    }
    const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffUsers)
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.role !== undefined && { role: patch.role }),
          ...(patch.disabled !== undefined && { disabled: patch.disabled }),
          // A disabled account's pending set-password link dies with it: re-enabling does not revive it.
          ...(patch.disabled === true && { setPasswordToken: null, setPasswordExpiresAt: null }),
          ...(passwordHash && { passwordHash, setPasswordToken: null, setPasswordExpiresAt: null }),
          updatedAt: sql`now()`,
        })
        .where(eq(staffUsers.id, id))
        .returning();
      if (row && (patch.disabled === true || passwordHash)) {
        await tx.delete(adminSessions).where(eq(adminSessions.userId, id));
      }
      return row;
    });
    if (!updated) throw notFound(StaffMessages.userNotFound);
    res.json(shown(updated));
  });

  router.post('/users/:id/set-password-link', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const { stored, url, expiresAt } = newSetPasswordLink(env, SET_PASSWORD_LINK_DAYS * DAY_MS);
    const [row] = await db
      .update(staffUsers)
      .set({ setPasswordToken: stored, setPasswordExpiresAt: expiresAt })
      .where(eq(staffUsers.id, id))
      .returning({ email: staffUsers.email });
    if (!row) throw notFound(StaffMessages.userNotFound);
    const link: SetPasswordLink = { url, expiresAt };
    res.status(201).json({ ...link, email: row.email });
  });

  return router;
}

/**
 * POST /set-password {token, password}: no session needed (the link is the credential). The token
 * works once and for SET_PASSWORD_LINK_DAYS; using it ends the account's sessions like a new password.
 */
export function setPasswordRouter({
  db,
  env,
  log,
  rateLimits,
}: Pick<AppContext, 'db' | 'env' | 'log' | 'rateLimits'>) {
  const router = Router();
  const attempts = rateLimits.rateLimit({
    name: 'admin-set-password',
    limit: 10,
    windowMs: 15 * 60 * 1000,
    scale: env.RATE_LIMIT_SCALE,
    message: StaffMessages.linkInvalid,
  });
  router.post('/set-password', sameOriginWrites(env), attempts, async (req, res) => {
    const { token, password } = parseBody(setPasswordSchema, req);
    const usable = and(
      eq(staffUsers.setPasswordToken, tokenDigest(token)),
      gt(staffUsers.setPasswordExpiresAt, sql`now()`),
      eq(staffUsers.disabled, false),
    );
    // A cheap look-up first: an unknown or dead link costs no scrypt work (the update checks again).
    const [known] = await db.select({ id: staffUsers.id }).from(staffUsers).where(usable);
    if (!known) throw new HttpError(400, ErrorCode.VALIDATION, StaffMessages.linkInvalid);
    const passwordHash = await hashPassword(password);
    const user = await replacePassword(db, usable!, passwordHash);
    if (!user) throw new HttpError(400, ErrorCode.VALIDATION, StaffMessages.linkInvalid);
    await recordAudit(db, log, {
      actor: { id: user.id, name: user.name },
      action: 'user.set-password',
      entityType: 'users',
      entityId: user.id,
      summary: user.name,
      address: clientAddress(req),
    });
    // The address the account signs in with: the CMS fills it in on the sign-in screen that follows.
    res.json({ email: user.email } satisfies PasswordSetAnswer);
  });
  return router;
}
