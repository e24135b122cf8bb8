import { randomInt } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import {
  RELEASE_VERSION_PATTERN,
  REMOTE_FOLDERS,
  type RemoteName,
  type RemoteOverrides,
} from '@agency/contracts';
import type { ReleaseState } from '../releases/release-state';
import { markCanary } from '../http/shared-cache';

/**
 * Canary rollout (`npm run promote -- <remote> <version> --percent N`): the release state names, per
 * remote, a canary version and the share of visitors it goes to. Each visitor draws a ticket (0–99) per
 * remote the first time it meets that canary, kept in the `canary` cookie with the version it was drawn
 * for; the visitor is in while ticket < percent. So a visitor keeps its version across page loads,
 * raising the percent only adds visitors, and a new canary version draws again. A visitor in the canary
 * gets the override {remote: version}, applied like a staff preview's (server render, inlined manifest,
 * /remotes-manifest.json) but to a page that stays shareable: the page cache key holds every remote's
 * entry, so each variant is its own entry.
 */
export const CANARY_COOKIE = 'canary';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type Tickets = Partial<Record<RemoteName, { version: string; ticket: number }>>;

const FOLDER_NAMES = Object.fromEntries(
  (Object.entries(REMOTE_FOLDERS) as [RemoteName, string][]).map(([name, folder]) => [folder, name]),
) as Record<string, RemoteName>;

/** `mf-content@1.1.0-ab12:37,mf-cms@2.0.0:80`; anything unreadable is dropped (drawn again). */
function readTickets(value: string | undefined): Tickets {
  const out: Tickets = {};
  for (const part of (value ?? '').split(',')) {
    const m = /^([a-z-]+)@([^:]+):(\d{1,2})$/.exec(part.trim());
    const name = m && FOLDER_NAMES[m[1]!];
    if (!m || !name || !RELEASE_VERSION_PATTERN.test(m[2]!)) continue;
    out[name] = { version: m[2]!, ticket: Number(m[3]) };
  }
  return out;
}

const writeTickets = (t: Tickets) =>
  (Object.entries(t) as [RemoteName, { version: string; ticket: number }][])
    .map(([name, { version, ticket }]) => `${REMOTE_FOLDERS[name]}@${version}:${ticket}`)
    .join(',');

/**
 * The canary versions this visitor gets (empty when no canary runs or the visitor is out of every
 * one). Sets the cookie when a ticket is drawn (first sight, or a new canary version), and `Vary: Cookie`
 * while a canary runs.
 */
export function canaryOverrides(req: Request, res: Response, { remotes }: ReleaseState): RemoteOverrides {
  const running = (Object.keys(REMOTE_FOLDERS) as RemoteName[]).flatMap((name) => {
    const c = remotes[name]?.canary;
    return c && c.percent > 0 && c.percent < 100 && c.version !== remotes[name]?.current
      ? [{ name, ...c }]
      : [];
  });
  if (!running.length) return {};
  res.vary('Cookie');
  // The page now depends on this visitor's draw: no shared cache may keep it (http/shared-cache.ts).
  markCanary(res);
  const kept = readTickets(req.headers.cookie ? parseCookie(req.headers.cookie)[CANARY_COOKIE] : undefined);
  const tickets: Tickets = {};
  let drawn = false;
  const overrides: RemoteOverrides = {};
  for (const { name, version, percent } of running) {
    let t = kept[name];
    if (!t || t.version !== version) {
      t = { version, ticket: randomInt(100) };
      drawn = true;
    }
    tickets[name] = t;
    if (t.ticket < percent) overrides[name] = version;
  }
  if (drawn)
    res.cookie(CANARY_COOKIE, writeTickets(tickets), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: req.secure,
      maxAge: MAX_AGE_MS,
    });
  return overrides;
}
