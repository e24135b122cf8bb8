import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { CookieOptions, Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSessions, staffUsers } from '../db/schema';
import { STAFF_SIGNED_IN_COOKIE } from '@agency/contracts';

export interface StaffSession {
  /** SHA-256 of the cookie value (the raw id is never stored). */
  id: string;
  expiresAt: string;
  /** The personal account signed in; null: the owner (the shared password). */
  userId: number | null;
}

export const STAFF_COOKIE = 'staff_session';
/** A session ends after 2 h without a request, and 12 h after sign-in whatever happens. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function cookieToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const token = parseCookie(header)[STAFF_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * The request presents a staff cookie (valid or not), decided with the same parser the session lookup
 * uses, so no spelling that signs someone in as staff slips past: such answers are never shared.
 */
export function carriesStaffCookie(req: Pick<Request, 'headers'>): boolean {
  return req.headers.cookie !== undefined && parseCookie(req.headers.cookie)[STAFF_COOKIE] !== undefined;
}

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: req.secure };
}

/** The hint the CMS reads (STAFF_SIGNED_IN_COOKIE): no secret, so readable by scripts. */
const hintOptions = (req: Request): CookieOptions => ({ sameSite: 'lax', path: '/', secure: req.secure });

/** Clears the CMS's hint that this browser is signed in (its session is gone or refused). */
export function clearSignedInHint(req: Request, res: Response) {
  if (req.headers.cookie && parseCookie(req.headers.cookie)[STAFF_SIGNED_IN_COOKIE] !== undefined)
    res.clearCookie(STAFF_SIGNED_IN_COOKIE, hintOptions(req));
}

const looked = Symbol('staffSessionLookedUp');
/** A request's session once looked up; `active`: its activity is recorded, or was lately (or there is none). */
type Looked = { session: StaffSession | null; active: boolean };
type WithSession = IncomingMessage & { [looked]?: Looked };

/**
 * Hands a request the staff session its caller already looked up: a server render's in-process data
 * reads (site/render/internal-api.ts) are the page request's own, so they neither look the session
 * up again nor count as activity (the page request did).
 */
export function rememberStaffSession(req: IncomingMessage, session: StaffSession | null) {
  (req as WithSession)[looked] = { session, active: true };
}
/** A sign-in or sign-out changes the request's session: the next lookup asks the database again. */
const forgetStaffSession = (req: IncomingMessage) => {
  delete (req as WithSession)[looked];
};

/** Starts a session with a new random id (a fresh id at every sign-in) and sets its cookie. */
export async function startStaffSession(
  req: Request,
  res: Response,
  db: Db,
  userId: number | null = null,
): Promise<void> {
  forgetStaffSession(req);
  // The browser's previous session (if any) ends: its id must not outlive a new sign-in.
  const previous = cookieToken(req);
  if (previous) await db.delete(adminSessions).where(eq(adminSessions.id, digest(previous)));
  const token = randomBytes(32).toString('base64url');
  // Expired sessions are swept at sign-in, the only moment sessions are created.
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, sql`now()`),
        lt(adminSessions.lastSeenAt, sql`now() - (${IDLE_TIMEOUT_MS} * interval '1 millisecond')`),
      ),
    );
  await db.insert(adminSessions).values({
    id: digest(token),
    userId,
    expiresAt: sql`now() + (${ABSOLUTE_TIMEOUT_MS} * interval '1 millisecond')`,
  });
  res.cookie(STAFF_COOKIE, token, { ...cookieOptions(req), maxAge: ABSOLUTE_TIMEOUT_MS });
  res.cookie(STAFF_SIGNED_IN_COOKIE, '1', { ...hintOptions(req), maxAge: ABSOLUTE_TIMEOUT_MS });
}

/** Ends the request's session (if any) and clears the cookie. */
export async function endStaffSession(req: Request, res: Response, db: Db): Promise<void> {
  forgetStaffSession(req);
  const token = cookieToken(req);
  if (token) await db.delete(adminSessions).where(eq(adminSessions.id, digest(token)));
  res.clearCookie(STAFF_COOKIE, cookieOptions(req));
  res.clearCookie(STAFF_SIGNED_IN_COOKIE, hintOptions(req));
}

/**
 * How stale `last_seen_at` may be before a request writes it again: the idle timeout is hours, so a
 * minute's precision costs nothing, and a page with many reads (or a CMS tab's burst of calls) no
 * longer writes the session row on each.
 */
export const ACTIVITY_PRECISION_MS = 60_000;

/**
 * The staff session of a request, or null for visitors. Public routes use it to let signed-in staff
 * preview drafts (a "published only" filter for everyone else); a session of a disabled account is
 * none. Looked up once per request: later calls get the same answer. A valid session counts as
 * activity (written at most once per ACTIVITY_PRECISION_MS), unless `activity` is false: a request
 * the screen makes by itself (the presence heartbeat) must not keep an unattended editor signed in
 * past the idle timeout.
 */
export async function getStaffSession(
  req: Request,
  db: Db,
  { activity = true }: { activity?: boolean } = {},
): Promise<StaffSession | null> {
  const known = (req as WithSession)[looked];
  if (known && (known.active || !activity || !known.session)) return known.session;
  const token = cookieToken(req);
  if (!token) return null;
  const id = digest(token);
  let session = known?.session;
  let seenLately = false;
  if (!known) {
    const [row] = await db
      .select({
        id: adminSessions.id,
        expiresAt: adminSessions.expiresAt,
        userId: adminSessions.userId,
        seenLately: sql<boolean>`${adminSessions.lastSeenAt} > now() - (${ACTIVITY_PRECISION_MS} * interval '1 millisecond')`,
      })
      .from(adminSessions)
      .where(
        and(
          eq(adminSessions.id, id),
          gt(adminSessions.expiresAt, sql`now()`),
          gt(adminSessions.lastSeenAt, sql`now() - (${IDLE_TIMEOUT_MS} * interval '1 millisecond')`),
          // The owner's, or one of an account still enabled: every caller (draft previews included) asks here.
          or(
            isNull(adminSessions.userId),
            sql`exists (select 1 from ${staffUsers} where ${staffUsers.id} = ${adminSessions.userId} and ${staffUsers.disabled} = false)`,
          ),
        ),
      );
    session = row ? { id: row.id, expiresAt: row.expiresAt, userId: row.userId } : null;
    seenLately = Boolean(row?.seenLately);
  }
  if (session && activity && !seenLately)
    await db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(adminSessions.id, id));
  (req as WithSession)[looked] = { session: session ?? null, active: activity || seenLately || !session };
  return session ?? null;
}
