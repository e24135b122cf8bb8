import type { Request, Response } from 'express';
import {
  REMOTE_FOLDERS,
  remoteOverridesSchema,
  type RemoteName,
  type RemoteOverrides,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import type { ReleaseStore } from '../releases/release-store';
import { carriesStaffCookie, getStaffSession } from '../http/staff-session';
import {
  PREVIEW_COOKIE,
  previewCookieOptions as cookieOptions,
  previewCookieValue as cookieValue,
} from '../http/preview-cookie';
import { escapeHtml } from './seo/render-head';
import { isStoredRelease } from '../releases/active-release-store';

/**
 * Staff preview of stored releases on the live site: `?remotes=mf-content@1.4.0-ab12cd` (several
 * separated by commas) from a signed-in staff member renders the page, and every page after it in that
 * browser session, with those versions (server render, inlined manifest, /remotes-manifest.json).
 * `?remotes=` (empty) ends it. The override lives in a session cookie and is checked again on every
 * request against the staff session and the release store; visitors never get it (their page is the
 * live one, cacheable as ever), and a staff page is never shared (see staffVariant). The cookie itself is
 * http/preview-cookie.ts.
 */

export type Preview =
  /** Render with these versions (empty: the live ones). */
  | { overrides?: RemoteOverrides; refused?: undefined }
  /** A staff request naming a version that is not stored (or a malformed one): 400 with this text. */
  | { refused: string; overrides?: undefined };

const queryValue = (req: Request): string | undefined => {
  const v = req.query['remotes'];
  if (v === undefined) return undefined;
  // Given twice (?remotes=a&remotes=b): the first counts.
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : '';
};

const serialize = (o: RemoteOverrides) =>
  (Object.entries(o) as [RemoteName, string][]).map(([r, v]) => `${REMOTE_FOLDERS[r]}@${v}`).join(',');

async function unstored(store: ReleaseStore, overrides: RemoteOverrides): Promise<string[]> {
  const entries = Object.entries(overrides) as [RemoteName, string][];
  const stored = await Promise.all(entries.map(([r, v]) => isStoredRelease(store, r, v)));
  return entries.filter((_, i) => !stored[i]).map(([r, v]) => `${REMOTE_FOLDERS[r]}@${v}`);
}

/**
 * Whether the request comes from signed-in staff: only a request carrying a staff cookie costs a
 * session lookup. Every staff preview (of releases here, of content in content-preview.ts) asks this.
 */
export async function signedInStaff(req: Request, db: Db): Promise<boolean> {
  return carriesStaffCookie(req) && (await getStaffSession(req, db)) !== null;
}

/**
 * The preview a page (or the manifest) is rendered with. Touches the database only for a request with
 * a staff cookie and a preview parameter or cookie; everything else is the live site.
 */
export async function remotePreview(
  { db, releases }: Pick<AppContext, 'db' | 'releases'>,
  req: Request,
  res: Response,
  { fromQuery = true } = {},
): Promise<Preview> {
  const asked = fromQuery ? queryValue(req) : undefined;
  const kept = cookieValue(req);
  if (asked === undefined && kept === undefined) return {};
  if (!(await signedInStaff(req, db))) return {};

  if (asked !== undefined) {
    const parsed = remoteOverridesSchema.safeParse(asked);
    if (!parsed.success)
      return { refused: `Cannot preview: ${parsed.error.issues.map((i) => i.message).join('; ')}.` };
    const overrides = parsed.data;
    if (!Object.keys(overrides).length) {
      if (kept !== undefined) res.clearCookie(PREVIEW_COOKIE, cookieOptions(req));
      return {};
    }
    const missing = await unstored(releases, overrides);
    if (missing.length)
      return { refused: `Cannot preview ${missing.join(', ')}: no such release is stored.` };
    // A session cookie: no expiry, so it ends with the browser session.
    res.cookie(PREVIEW_COOKIE, serialize(overrides), cookieOptions(req));
    return { overrides };
  }

  // The kept override, checked again: a version removed since, or a cookie written by hand, ends it.
  const parsed = remoteOverridesSchema.safeParse(kept);
  const overrides = parsed.success ? parsed.data : {};
  if (!Object.keys(overrides).length || (await unstored(releases, overrides)).length) {
    res.clearCookie(PREVIEW_COOKIE, cookieOptions(req));
    return {};
  }
  return { overrides };
}

/**
 * A fixed bar over a staff preview, outside the app's root (hydration leaves it alone). `html` is
 * markup the caller escaped; `edge` keeps two previews' bars apart.
 */
export function staffBanner(
  id: string,
  html: string,
  edge: 'top' | 'bottom' = 'bottom',
  offsetPx = 0,
): string {
  return (
    `<div id="${id}" role="status" style="position:fixed;left:0;right:0;${edge}:${offsetPx}px;z-index:2147483647;` +
    'padding:8px 16px;background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;text-align:center">' +
    `${html}</div>`
  );
}

/** The banner over a previewed page: what is previewed, and the way out (`?remotes=` ends the preview). */
export function previewBanner(overrides: RemoteOverrides): string {
  const what = (Object.entries(overrides) as [RemoteName, string][])
    .map(([r, v]) => `${REMOTE_FOLDERS[r]} ${v}`)
    .join(', ');
  return staffBanner(
    'remote-preview',
    `Previewing ${escapeHtml(what)}. <a href="?remotes=" style="color:#fff;text-decoration:underline">Exit preview</a>`,
  );
}
