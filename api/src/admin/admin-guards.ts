import type { Request, RequestHandler, Response } from 'express';
import { ErrorCode } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { HttpError, forbidden, unauthorized } from '../http/errors';
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

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Cookie-authenticated writes must come from the site itself: the Origin (or, without one, the
 * Referer) names the request's own host or PUBLIC_URL's. SameSite=Strict is the other half.
 */
export function sameOriginWrites(env: Pick<Env, 'PUBLIC_URL'>): RequestHandler {
  const publicHost = hostOf(env.PUBLIC_URL);
  return (req: Request, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const source = hostOf(req.get('origin') ?? req.get('referer'));
    const own = req.get('host')?.toLowerCase();
    if (!source || (source !== own && source !== publicHost)) {
      throw forbidden('Cross-site request refused');
    }
    next();
  };
}

/** Writes carry JSON or multipart bodies only (or none). */
export const jsonOrMultipartWrites: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (req.is(['application/json', 'multipart/form-data']) === false) {
    throw new HttpError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send JSON or multipart/form-data');
  }
  next();
};
