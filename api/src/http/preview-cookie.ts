import type { CookieOptions, Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';

/**
 * The session cookie a staff preview of stored releases lives in (site/remote-preview.ts reads and
 * writes it). Here, below the site and the admin, because signing out (admin/auth-router.ts) ends it too.
 */
export const PREVIEW_COOKIE = 'remote_preview';

export const previewCookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: req.secure,
});

export const previewCookieValue = (req: Request): string | undefined =>
  req.headers.cookie ? parseCookie(req.headers.cookie)[PREVIEW_COOKIE] : undefined;

/** Ends a release preview (sign-out: a staged version must not come back after signing in again). */
export const clearPreviewCookie = (req: Request, res: Response) =>
  res.clearCookie(PREVIEW_COOKIE, previewCookieOptions(req));
