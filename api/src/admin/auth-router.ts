import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { parse as parseCookie } from 'cookie';
import { clearPreviewCookie } from '../http/preview-cookie';
import {
  AdminMessages,
  ErrorCode,
  StaffMessages,
  adminAuthSchema,
  changePasswordSchema,
} from '@agency/contracts';
import { publicUrlProblem } from '../env';
import { parseBody } from '../http/validate';
import { consumeOrRefuse } from '../http/rate-limit';
import type { AppContext } from '../app-context';
import { clientAddress } from '../http/client-address';
import { HttpError, forbidden, unauthorized } from '../http/errors';
import { checkAdminPassword, ensureAdminPassword, setAdminPassword } from './admin-credentials';
import {
  clearSignedInHint,
  endStaffSession,
  getStaffSession,
  startStaffSession,
} from '../http/staff-session';
import { requireStaff, sameOriginWrites, staffSessionOf } from './admin-guards';
import { authorize } from './access-policy';
import { verifyPassword } from './password-hash';
import { OWNER, actorOf } from './staff-actor';
import { auditWrites, recordAudit } from './audit';
import { staffUsers } from '../db/schema';
import { sql } from 'drizzle-orm';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords per client address per window. */
const LOGIN_ATTEMPTS = 10;
/** Wrong passwords from all addresses together per window: there is one account to guess. */
export const LOGIN_FAILURES_OVERALL = 100;
const TOO_MANY_SIGN_INS = AdminMessages.tooManySignIns;
const EVERYONE = 'all';
/**
 * A browser that signed in to an account before carries this cookie (a random id signed for that
 * account). It signs in past the lockout that wrong passwords from elsewhere put on the account, so a
 * guesser can lock out nobody; its own wrong passwords are counted under its id instead.
 */
const KNOWN_BROWSER_COOKIE = 'staff_known_browser';
const KNOWN_BROWSER_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** Verified against when no account matches, so an unknown address takes as long as a wrong password. */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + 'A'.repeat(86) + '==';

/** Sign-in, sign-out, session probe and password change. */
export function authRouter({
  db,
  env,
  log,
  rateLimits,
}: Pick<AppContext, 'db' | 'env' | 'log' | 'rateLimits'>) {
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
    rateLimits.rateLimit({
      name,
      limit: LOGIN_ATTEMPTS,
      windowMs: LOGIN_WINDOW_MS,
      scale: env.RATE_LIMIT_SCALE,
      message: TOO_MANY_SIGN_INS,
    });

  const failuresPerAddress = rateLimits.limiterFor({
    name: 'admin-login-failures',
    limit: LOGIN_ATTEMPTS,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
  });
  const failuresOverall = rateLimits.limiterFor({
    name: 'admin-login-failures-overall',
    limit: LOGIN_FAILURES_OVERALL,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
  });

  /** Wrong passwords per personal account (its lower-case e-mail) per window, from any address. */
  const failuresPerAccount = rateLimits.limiterFor({
    name: 'admin-login-failures-account',
    limit: LOGIN_ATTEMPTS,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
  });

  /** Wrong passwords per known browser per window (its own allowance, apart from everyone else's). */
  const failuresPerKnownBrowser = rateLimits.limiterFor({
    name: 'admin-login-failures-known-browser',
    limit: LOGIN_ATTEMPTS,
    windowMs: LOGIN_WINDOW_MS,
    scale: env.RATE_LIMIT_SCALE,
  });
  // SECRET_KEY when set (every instance knows every browser), else a key of this process.
  const browserKey = env.SECRET_KEY ? Buffer.from(env.SECRET_KEY) : randomBytes(32);
  const browserSignature = (id: string, account: string) =>
    createHmac('sha256', browserKey).update(`${account}\n${id}`).digest('base64url');
  /** The id of the known browser of this request for `account` ('owner' or an e-mail), if it is one. */
  const knownBrowser = (req: Request, account: string): string | undefined => {
    const value = req.headers.cookie ? parseCookie(req.headers.cookie)[KNOWN_BROWSER_COOKIE] : undefined;
    const [id, signature] = (value ?? '').split('.');
    if (!id || !signature || !/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
    const expected = Buffer.from(browserSignature(id, account));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  };
  const rememberBrowser = (req: Request, res: Response, account: string) => {
    const id = knownBrowser(req, account) ?? randomBytes(16).toString('base64url');
    res.cookie(KNOWN_BROWSER_COOKIE, `${id}.${browserSignature(id, account)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/api/admin/auth',
      maxAge: KNOWN_BROWSER_MAX_AGE_MS,
    });
  };

  /**
   * The personal account with this address, if it can sign in with `password` (`user`), and the id of
   * the account the address names either way (`targetId`), under which a failed attempt is filed.
   */
  const checkAccount = async (email: string, password: string) => {
    const [user] = await db
      .select({
        id: staffUsers.id,
        name: staffUsers.name,
        passwordHash: staffUsers.passwordHash,
        disabled: staffUsers.disabled,
      })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`);
    // An unknown address costs the same scrypt work as a known one: timing tells nothing. A disabled
    // account's own hash is checked the same way, so only its correct password learns it is disabled.
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    const right = ok && user?.passwordHash ? user : undefined;
    return {
      user: right && !right.disabled ? right : undefined,
      disabled: Boolean(right?.disabled),
      targetId: user?.id ?? null,
    };
  };

  const router = Router();

  // Every attempt is counted atomically before the (slow) password check, so concurrent guesses cannot
  // all slip in under the limit; a correct password gives its point back, so staff signing in
  // normally are never locked out: only wrong passwords stay counted.
  router.post('/auth', async (req, res) => {
    const parsed = adminAuthSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      // Refused by the contract (a control character in the address, say): still a failed attempt of
      // this address, so malformed sign-ins are bounded like wrong passwords (the 400 says why).
      await consumeOrRefuse(failuresPerAddress, clientAddress(req), TOO_MANY_SIGN_INS);
      throw parsed.error;
    }
    const { password, email: givenEmail } = parsed.data;
    // No e-mail address: the owner, with the shared password, exactly as before accounts existed.
    const email = givenEmail ? givenEmail.toLowerCase() : undefined;
    await credentialsReady();
    const address = clientAddress(req);
    const counted: [typeof failuresOverall, string][] = [];
    let userId: number | null = null;
    let who: { id: number | null; name: string } = email ? { id: null, name: email } : OWNER;
    const account = email ?? 'owner';
    const browser = knownBrowser(req, account);
    try {
      if (browser) {
        // A browser this account signed in from: only its own wrong passwords count against it.
        await consumeOrRefuse(failuresPerKnownBrowser, browser, TOO_MANY_SIGN_INS);
        counted.push([failuresPerKnownBrowser, browser]);
      } else {
        await consumeOrRefuse(failuresPerAddress, address, TOO_MANY_SIGN_INS);
        counted.push([failuresPerAddress, address]);
        await consumeOrRefuse(failuresOverall, EVERYONE, TOO_MANY_SIGN_INS);
        counted.push([failuresOverall, EVERYONE]);
        if (email) {
          await consumeOrRefuse(failuresPerAccount, email, TOO_MANY_SIGN_INS);
          counted.push([failuresPerAccount, email]);
        }
      }
      const checked = email ? await checkAccount(email, password) : undefined;
      const user = checked?.user;
      if (email ? !user : !(await checkAdminPassword(db, password))) {
        counted.length = 0;
        // Filed under the account the e-mail names (its filter in the audit shows it), by the e-mail given.
        if (checked?.targetId) who = { id: checked.targetId, name: email! };
        await recordAudit(db, log, {
          actor: who,
          action: 'sign-in-failed',
          address,
          ...(checked?.disabled ? { summary: 'Account disabled' } : {}),
        });
        // Still counted as a failed attempt (as before): only the right password hears why.
        if (checked?.disabled) throw forbidden(StaffMessages.accountDisabled);
        throw unauthorized(AdminMessages.invalidPassword);
      }
      if (user) {
        userId = user.id;
        who = user;
      }
    } finally {
      // Right password, or no verdict (refused, checks busy, database down): the attempt is not a failure.
      await Promise.all(counted.map(([limiter, key]) => limiter.reward(key, 1))).catch(() => {});
    }
    await startStaffSession(req, res, db, userId);
    rememberBrowser(req, res, account);
    await recordAudit(db, log, { actor: who, action: 'sign-in', address });
    res.json({ authenticated: true });
  });

  router.get('/session', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const session = await getStaffSession(req, db);
    const actor = session && (await actorOf(db, session));
    if (!actor) {
      // The CMS asks only while its hint says signed in: a hint that outlived its session goes.
      clearSignedInHint(req, res);
      throw unauthorized();
    }
    // Settings warns that a password changed there is replaced by ADMIN_PASSWORD at the next start.
    const publicUrlWarning = publicUrlProblem(env);
    res.json({
      authenticated: true,
      passwordFromEnvironment: Boolean(env.ADMIN_PASSWORD),
      user: actor,
      ...(publicUrlWarning ? { publicUrlWarning } : {}),
    });
  });

  router.post('/logout', sameOriginWrites(env), async (req, res) => {
    await endStaffSession(req, res, db);
    clearPreviewCookie(req, res);
    res.status(204).end();
  });

  router.post(
    '/password',
    requireStaff(db),
    authorize,
    sameOriginWrites(env),
    auditWrites(db, log),
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
      await startStaffSession(req, res, db, staffSessionOf(res).userId);
      res.status(204).end();
    },
  );

  return router;
}
