import type { Request, RequestHandler, Response } from 'express';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { forbidden, unauthorized } from '../http/errors';
import { refuseOtherBodies } from '../http/body-type';
import { getStaffSession, type StaffSession } from '../http/staff-session';
import { ruleOfRequest } from './access-policy';
import { actorContext, actorOf } from './staff-actor';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session a `requireStaff` route runs under. */
export const staffSessionOf = (res: Response): StaffSession => res.locals.staffSession as StaffSession;

/**
 * 401 unless the request carries a valid staff session of an enabled account. The rest of the request
 * runs as that person (res.locals.actor, and currentActor() for code without the request).
 */
export function requireStaff(db: Db): RequestHandler {
  return async (req, res, next) => {
    const session = await getStaffSession(req, db, { activity: !ruleOfRequest(req, res)?.passive });
    if (!session) throw unauthorized();
    const actor = await actorOf(db, session);
    if (!actor) throw unauthorized();
    res.locals.staffSession = session;
    res.locals['actor'] = actor;
    actorContext.run(actor, next);
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Cookie-authenticated writes must come from the site itself: the Origin (or, without one, the
 * Referer) is PUBLIC_URL's origin, never judged by the request's own Host header, which whoever sends
 * the request chooses. Only while PUBLIC_URL is unset (a laptop, tests: its fallback is a guess at
 * localhost) is the request's own host accepted too. SameSite=Strict is the other half.
 */
export function sameOriginWrites(env: Pick<Env, 'PUBLIC_URL' | 'PUBLIC_URL_SET'>): RequestHandler {
  const publicOrigin = originOf(env.PUBLIC_URL);
  return (req: Request, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const source = originOf(req.get('origin') ?? req.get('referer'));
    const own = env.PUBLIC_URL_SET ? undefined : req.get('host')?.toLowerCase();
    const fromOwnHost = own !== undefined && source !== undefined && new URL(source).host === own;
    if (!source || (source !== publicOrigin && !fromOwnHost)) {
      throw forbidden('Cross-site request refused');
    }
    next();
  };
}

/** Writes carry JSON or multipart bodies only (or none). */
export const jsonOrMultipartWrites: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  // A write without a body (restore, set-password link, presence, rollback) has no type to refuse.
  refuseOtherBodies(req, ['application/json', 'multipart/form-data'], 'Send JSON or multipart/form-data');
  next();
};
