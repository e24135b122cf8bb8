import { Router } from 'express';
import { and, eq, sql } from 'drizzle-orm';
import {
  AccountMessages,
  AccountRoutes,
  ErrorCode,
  PASSWORD_RESET_TTL_MS,
  changePasswordSchema,
  forgotPasswordSchema,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { outboxJobs, staffUsers } from '../db/schema';
import { HttpError, forbidden } from '../http/errors';
import { parseBody } from '../http/validate';
import type { AppContext } from '../app-context';
import { startStaffSession } from '../http/staff-session';
import type { EmailPayload } from '../notifications/outbox';
import { sameOriginWrites, staffSessionOf } from './admin-guards';
import { actorOfResponse } from './staff-actor';
import { hashPassword, verifyPassword } from './password-hash';
import { newSetPasswordLink, replacePassword } from './set-password-links';

const local = (path: string) => path.replace('/api/admin', '');

/**
 * POST /forgot-password {email}, no session: when an enabled personal account uses the address, a
 * set-password link that works for an hour is sent to it by e-mail, through the outbox (so a slow or
 * failing mail server costs the request nothing, and the e-mail is retried like a lead's). The answer
 * is the same 202 for any address, so nobody learns who has an account; limited per client address
 * and per e-mail address. A new link replaces an older one (an admin's included).
 */
export function forgotPasswordRouter({ db, env, rateLimits }: Pick<AppContext, 'db' | 'env' | 'rateLimits'>) {
  const router = Router();
  const perClient = rateLimits.rateLimit({
    name: 'staff-forgot-password',
    limit: 5,
    windowMs: 15 * 60 * 1000,
    scale: env.RATE_LIMIT_SCALE,
  });
  const perAddress = rateLimits.rateLimit({
    name: 'staff-forgot-password-address',
    limit: 3,
    windowMs: 60 * 60 * 1000,
    scale: env.RATE_LIMIT_SCALE,
    keyOf: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : '';
    },
  });
  router.post(
    local(AccountRoutes.forgotPassword),
    sameOriginWrites(env),
    perClient,
    perAddress,
    async (req, res) => {
      const { email } = parseBody(forgotPasswordSchema, req);
      const link = newSetPasswordLink(env, PASSWORD_RESET_TTL_MS);
      await db.transaction(async (tx) => {
        const [user] = await tx
          .update(staffUsers)
          .set({ setPasswordToken: link.stored, setPasswordExpiresAt: link.expiresAt })
          .where(
            and(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`, eq(staffUsers.disabled, false)),
          )
          .returning({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name });
        if (!user) return;
        const payload: EmailPayload = {
          template: 'staff-password-reset',
          to: [user.email],
          name: user.name,
          url: link.url,
        };
        await tx.insert(outboxJobs).values({ kind: 'email', payload, leadType: 'staff', leadId: user.id });
      });
      res.status(202).json({ message: AccountMessages.resetSent });
    },
  );
  return router;
}

/**
 * POST /account/password {currentPassword, newPassword}: a signed-in personal account changes its own
 * password (the owner's shared one is changed in Settings). Every other session of the account ends;
 * this browser carries on in a fresh one.
 */
export function ownPasswordRouter(db: Db) {
  const router = Router();
  router.post(local(AccountRoutes.password), async (req, res) => {
    const { currentPassword, newPassword } = parseBody(changePasswordSchema, req);
    const actor = actorOfResponse(res);
    if (actor.id === null) throw forbidden(AccountMessages.ownerUsesSettings);
    const [user] = await db
      .select({ passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.id));
    if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new HttpError(400, ErrorCode.VALIDATION, AccountMessages.currentWrong, {
        currentPassword: AccountMessages.currentWrong,
      });
    }
    const passwordHash = await hashPassword(newPassword);
    await replacePassword(db, eq(staffUsers.id, actor.id), passwordHash);
    await startStaffSession(req, res, db, staffSessionOf(res).userId);
    res.json({ message: AccountMessages.passwordChanged });
  });
  return router;
}
