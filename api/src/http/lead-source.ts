import type { Request } from 'express';
import { LEAD_SOURCE_FIELDS, UTM_PARAMETERS, type LeadSource } from '@agency/contracts';

/** A utm_* value is kept to this many characters; a path to PATH_MAX. */
const UTM_MAX = 200;
const PATH_MAX = 500;
/** C0 controls, DEL and lone surrogates: never stored from a URL. */
const UNSAFE = /[\u0000-\u001f\u007f\ud800-\udfff]/g;

const hostOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
};

/** The path of `url` when it is one of this site's addresses (its Host, or PUBLIC_URL's). */
function sameOriginUrl(raw: string | undefined, ownHosts: Set<string>): URL | undefined {
  if (!raw || raw.length > 4000) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return ownHosts.has(url.host.toLowerCase()) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The utm_* parameters of a query string, trimmed, cut to UTM_MAX, empty ones left out. */
function utmOf(search: string): LeadSource['utm'] {
  const params = new URLSearchParams(search);
  const utm: NonNullable<LeadSource['utm']> = {};
  for (const name of UTM_PARAMETERS) {
    const value = params.get(name)?.replace(UNSAFE, '').trim().slice(0, UTM_MAX);
    if (value) utm[name] = value;
  }
  return Object.keys(utm).length ? utm : undefined;
}

const pathOf = (url: URL) => (url.pathname.length <= PATH_MAX ? url.pathname : undefined);

/**
 * Where a lead came from, as far as its request shows, with no cookie:
 * - `page`: the same-origin Referer's path (the site's Referrer-Policy, strict-origin-when-cross-origin,
 *   gives a form post and a fetch from the page its full URL), else `fallbackPage` (the form's `from`);
 * - `landingPage` and `utm`: the hint the page's script recorded when the tab's visit began; without
 *   one, the Referer itself when it carries utm_* parameters (a campaign link opened on the form's
 *   page and posted without JavaScript);
 * - `referrerHost`: the hint's host, unless it is this site.
 * Hints have passed the contract's shape check (a wrong one is absent by then); nothing else of them is
 * trusted: the landing hint only ever contributes a path and utm_* values. Undefined when nothing is known.
 */
export function leadSourceOf(
  req: Request,
  input: unknown,
  opts: { publicUrl?: string; fallbackPage?: string } = {},
): LeadSource | undefined {
  const ownHosts = new Set<string>();
  const requestHost = req.get('host')?.toLowerCase();
  if (requestHost) ownHosts.add(requestHost);
  const publicHost = hostOf(opts.publicUrl);
  if (publicHost) ownHosts.add(publicHost);

  const hints = (input ?? {}) as Record<string, unknown>;
  const hint = (name: string) => (typeof hints[name] === 'string' ? (hints[name] as string) : undefined);
  const source: LeadSource = {};

  const referer = sameOriginUrl(req.get('referer'), ownHosts);
  const page = referer ? pathOf(referer) : opts.fallbackPage;
  if (page) source.page = page;

  const landingHint = hint(LEAD_SOURCE_FIELDS.landing);
  // The hint is a path by contract; resolved against our own origin it can name nothing else.
  const landing = landingHint
    ? new URL(landingHint, 'http://site.invalid')
    : referer && utmOf(referer.search)
      ? referer
      : undefined;
  if (landing) {
    const path = pathOf(landing);
    if (path) source.landingPage = path;
    const utm = utmOf(landing.search);
    if (utm) source.utm = utm;
  }

  const referrer = hint(LEAD_SOURCE_FIELDS.referrer);
  if (referrer && ![...ownHosts].some((own) => own === referrer || own.split(':')[0] === referrer)) {
    source.referrerHost = referrer;
  }
  return Object.keys(source).length ? source : undefined;
}
