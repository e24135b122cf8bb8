import type { Request, RequestHandler } from 'express';
import onHeaders from 'on-headers';
import { carriesStaffCookie } from './staff-session';

const variant = Symbol('staffVariant');

/** Whether `staffVariant` saw this request (its answer will say Vary: Cookie). */
export const isStaffVariant = (req: Request) => (req as Request & { [variant]?: true })[variant] === true;

/**
 * For answers that include drafts (or otherwise differ) for signed-in staff: with a staff cookie the
 * answer is `private, no-store`, and every answer, anonymous ones too, says `Vary: Cookie`, so no shared
 * cache (CDN, proxy) hands a staff answer to a visitor. Decided when the headers go out, so a route
 * setting its own Cache-Control cannot undo it.
 */
export const staffVariant: RequestHandler = (req, res, next) => {
  (req as Request & { [variant]?: true })[variant] = true;
  const staff = carriesStaffCookie(req);
  onHeaders(res, () => {
    res.vary('Cookie');
    if (staff) res.setHeader('Cache-Control', 'private, no-store');
  });
  next();
};
