import { Router } from 'express';
import type { Logger } from 'pino';
import { AdminMessages, adminAuthSchema, changePasswordSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { parseBody } from '../http/validate';
import { failureLimit, rateLimit } from '../http/rate-limit';
import { HttpError, unauthorized } from '../http/errors';
import { ErrorCode } from '@agency/contracts';
import { checkAdminPassword, ensureAdminPassword, setAdminPassword } from './admin-credentials';
import { endOtherStaffSessions, endStaffSession, getStaffSession, startStaffSession } from './staff-session';
import { requireStaff, sameOriginWrites, staffSessionOf } from './admin-guards';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_ATTEMPTS = 10;

/** Sign-in, sign-out, session probe and password change. */
export function authRouter({ db, env, log }: { db: Db; env: Env; log: Logger }) {
  // Runs once at start; a failure (database down) is retried by the next sign-in.
  let ready: Promise<void> | undefined;
  const credentialsReady = () => {
    ready ??= ensureAdminPassword(db, env, log).catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  };
  credentialsReady().catch((err: unknown) => log.error({ err }, 'could not prepare the staff password'));

  const attempts = (name: string) =>
    rateLimit(db, {
      name,
      limit: LOGIN_ATTEMPTS,
      windowMs: LOGIN_WINDOW_MS,
      scale: env.RATE_LIMIT_SCALE,
      message: 'Too many sign-in attempts. Please try again later.',
    });

  // Only wrong passwords count: staff signing in normally are never locked out.
  const loginFailures = failureLimit(db, {
    name: 'admin-login-failures',
    limit: LOGIN_ATTEMPTS,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
    message: 'Too many sign-in attempts. Please try again later.',
  });

  const router = Router();

  router.post('/auth', loginFailures.guard, async (req, res) => {
    const { password } = parseBody(adminAuthSchema, req);
    await credentialsReady();
    if (!(await checkAdminPassword(db, password))) {
      await loginFailures.fail(req);
      throw unauthorized(AdminMessages.invalidPassword);
    }
    await startStaffSession(req, res, db);
    res.json({ authenticated: true });
  });

  router.get('/session', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!(await getStaffSession(req, db))) throw unauthorized();
    // Settings warns that a password changed there is replaced by ADMIN_PASSWORD at the next start.
    res.json({ authenticated: true, passwordFromEnvironment: Boolean(env.ADMIN_PASSWORD) });
  });

  router.post('/logout', sameOriginWrites(env), async (req, res) => {
    await endStaffSession(req, res, db);
    res.status(204).end();
  });

  router.post(
    '/password',
    requireStaff(db),
    sameOriginWrites(env),
    attempts('admin-password'),
    async (req, res) => {
      const { currentPassword, newPassword } = parseBody(changePasswordSchema, req);
      if (!(await checkAdminPassword(db, currentPassword))) {
        throw new HttpError(400, ErrorCode.VALIDATION, 'The current password is not correct', {
          currentPassword: 'The current password is not correct',
        });
      }
      await setAdminPassword(db, newPassword);
      await endOtherStaffSessions(db, staffSessionOf(res));
      res.status(204).end();
    },
  );

  return router;
}
