import { Router } from 'express';
import type { Logger } from 'pino';
import { AdminMessages, ErrorCode, adminAuthSchema, changePasswordSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { parseBody } from '../http/validate';
import { consumeOrRefuse, limiterFor, rateLimit } from '../http/rate-limit';
import { clientAddress } from '../http/client-address';
import { HttpError, unauthorized } from '../http/errors';
import { checkAdminPassword, ensureAdminPassword, setAdminPassword } from './admin-credentials';
import { endStaffSession, getStaffSession, startStaffSession } from './staff-session';
import { requireStaff, sameOriginWrites } from './admin-guards';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords per client address per window. */
const LOGIN_ATTEMPTS = 10;
/** Wrong passwords from all addresses together per window: there is one account to guess. */
export const LOGIN_FAILURES_OVERALL = 100;
const TOO_MANY_SIGN_INS = AdminMessages.tooManySignIns;
const EVERYONE = 'all';

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
      message: TOO_MANY_SIGN_INS,
    });

  const failuresPerAddress = limiterFor(db, {
    name: 'admin-login-failures',
    limit: LOGIN_ATTEMPTS,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
  });
  const failuresOverall = limiterFor(db, {
    name: 'admin-login-failures-overall',
    limit: LOGIN_FAILURES_OVERALL,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
  });

  const router = Router();

  // Every attempt is counted atomically before the (slow) password check, so concurrent guesses cannot
  // all slip in under the limit; a correct password gives its point back, so staff signing in
  // normally are never locked out: only wrong passwords stay counted.
  router.post('/auth', async (req, res) => {
    const { password } = parseBody(adminAuthSchema, req);
    await credentialsReady();
    const counted: [typeof failuresOverall, string][] = [];
    try {
      const address = clientAddress(req);
      await consumeOrRefuse(failuresPerAddress, address, TOO_MANY_SIGN_INS);
      counted.push([failuresPerAddress, address]);
      await consumeOrRefuse(failuresOverall, EVERYONE, TOO_MANY_SIGN_INS);
      counted.push([failuresOverall, EVERYONE]);
      if (!(await checkAdminPassword(db, password))) {
        counted.length = 0;
        throw unauthorized(AdminMessages.invalidPassword);
      }
    } finally {
      // Right password, or no verdict (refused, checks busy, database down): the attempt is not a failure.
      await Promise.all(counted.map(([limiter, key]) => limiter.reward(key, 1))).catch(() => {});
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
      // Ends every session, this one too; whoever changed it carries on in a fresh one (a new id).
      await setAdminPassword(db, newPassword);
      await startStaffSession(req, res, db);
      res.status(204).end();
    },
  );

  return router;
}
