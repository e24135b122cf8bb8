import type { Request, RequestHandler, Response } from 'express';
import {
  CONTENT_TYPE_NAMES,
  ErrorCode,
  StaffMessages,
  adminPathOf,
  type AuditAction,
} from '@agency/contracts';
import { HttpError, forbidden, notFound } from '../http/errors';
import { actorOfResponse, isAdmin } from './staff-actor';

/**
 * Who may call a staff route: `editor` (editors, admins and the owner) or `admin` (admins and the
 * owner). `audit` names what a successful write of that route records (every write has one).
 */
export interface AccessRule {
  role: 'editor' | 'admin';
  audit?: AuditAction;
  /** A request the CMS makes by itself (the presence heartbeat): not activity for the idle timeout. */
  passive?: true;
}

const editor = (audit?: AuditAction): AccessRule => ({ role: 'editor', ...(audit && { audit }) });
const admin = (audit?: AuditAction): AccessRule => ({ role: 'admin', ...(audit && { audit }) });

/** The routes of each content type (crud-router.ts): content is the editors' work. */
const contentRules = (base: string): Record<string, AccessRule> => ({
  [`GET ${base}`]: editor(),
  [`POST ${base}`]: editor('content.create'),
  [`POST ${base}/bulk`]: editor('content.bulk'),
  [`POST ${base}/{id}/duplicate`]: editor('content.create'),
  [`GET ${base}/{id}`]: editor(),
  [`PUT ${base}/{id}`]: editor('content.update'),
  [`DELETE ${base}/{id}`]: editor('content.delete'),
  [`GET ${base}/{id}/revisions`]: editor(),
  [`GET ${base}/{id}/revisions/{revId}`]: editor(),
  [`POST ${base}/{id}/revisions/{revId}/restore`]: editor('content.restore'),
  // A pending draft of a live item (crud-drafts.ts): saved, published now or discarded.
  [`PUT ${base}/{id}/draft`]: editor('content.draft'),
  [`POST ${base}/{id}/draft/publish`]: editor('content.publish-draft'),
  [`DELETE ${base}/{id}/draft`]: editor('content.discard-draft'),
});

const A = '/api/admin';

/**
 * Every route behind the staff session, by method and OpenAPI path. A route missing here is refused
 * to everyone but admins and the owner, and the role test (access-policy.test.ts) fails until it has
 * its rule. Sign-in, session, sign-out and set-password are outside (no session needed).
 */
export const ACCESS_RULES: Readonly<Record<string, AccessRule>> = {
  ...Object.assign({}, ...CONTENT_TYPE_NAMES.map((type) => contentRules(adminPathOf(type)))),
  [`POST ${A}/resources/upload`]: editor('media.upload'),
  [`POST ${A}/upload`]: editor('media.upload'),
  [`GET ${A}/media`]: editor(),
  [`PATCH ${A}/media/{id}`]: editor('media.update'),
  [`DELETE ${A}/media/{id}`]: editor('media.delete'),
  [`GET ${A}/leads`]: editor(),
  [`GET ${A}/leads.csv`]: editor(),
  [`GET ${A}/leads/summary`]: editor(),
  [`POST ${A}/leads/handled`]: editor('leads.handled'),
  [`POST ${A}/leads/delete`]: editor('leads.delete'),
  [`GET ${A}/leads/{type}/{id}/notifications`]: editor(),
  [`POST ${A}/leads/{type}/{id}/notifications/resend`]: editor('leads.resend'),
  [`GET ${A}/notifications/status`]: editor(),
  // Recipients and webhook secrets: admins, like the site settings.
  [`GET ${A}/notifications/settings`]: admin(),
  [`PUT ${A}/notifications/settings`]: admin('settings.update'),
  // Old addresses (admin/redirects-router.ts): content work, like the slugs they come from.
  [`GET ${A}/redirects`]: editor(),
  [`GET ${A}/redirects.csv`]: editor(),
  [`POST ${A}/redirects`]: editor('redirect.create'),
  [`POST ${A}/redirects/import`]: editor('redirect.import'),
  [`DELETE ${A}/redirects/{id}`]: editor('redirect.delete'),
  // The Overview's scheduled items and recent saves (overview-router.ts): what every editor needs.
  [`GET ${A}/overview`]: editor(),
  // Any personal account changes its own password (account-router.ts); the owner's is in Settings.
  [`POST ${A}/account/password`]: editor('user.set-password'),
  [`GET ${A}/trash`]: editor(),
  [`POST ${A}/trash/{type}/{id}/restore`]: editor('trash.restore'),
  [`DELETE ${A}/trash/{type}/{id}`]: editor('trash.purge'),
  [`GET ${A}/presence/{type}/{id}`]: { ...editor(), passive: true },
  [`PUT ${A}/presence/{type}/{id}`]: { ...editor(), passive: true },
  [`DELETE ${A}/presence/{type}/{id}`]: { ...editor(), passive: true },
  // The CMS's live updates (staff-events.ts): opened by the CMS itself, not activity.
  [`GET ${A}/events`]: { ...editor(), passive: true },
  // The CMS overview shows the settings (they are public anyway); saving them is for admins.
  [`GET ${A}/site-settings`]: editor(),
  [`PUT ${A}/site-settings`]: admin('settings.update'),
  [`POST ${A}/password`]: admin('password.change'),
  [`GET ${A}/releases`]: admin(),
  [`POST ${A}/releases/{remote}/promote`]: admin('release.promote'),
  [`POST ${A}/releases/{remote}/rollback`]: admin('release.rollback'),
  [`GET ${A}/users`]: admin(),
  [`POST ${A}/users`]: admin('user.create'),
  [`PATCH ${A}/users/{id}`]: admin('user.update'),
  [`POST ${A}/users/{id}/set-password-link`]: admin('user.link'),
  [`GET ${A}/audit`]: admin(),
  [`GET ${A}/audit.csv`]: admin(),
  // A person's data (docs/privacy.md): searching is reading, but the address travels in a body.
  [`POST ${A}/privacy/search`]: admin(),
  [`POST ${A}/privacy/export`]: admin('privacy.export'),
  [`POST ${A}/privacy/export.csv`]: admin('privacy.export'),
  [`POST ${A}/privacy/erase`]: admin('privacy.erase'),
};

interface CompiledRule extends AccessRule {
  method: string;
  path: string;
  pattern: RegExp;
  /** Names of the `{param}` parts, in order. */
  params: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COMPILED: CompiledRule[] = Object.entries(ACCESS_RULES).map(([key, rule]) => {
  const [method, path] = key.split(' ') as [string, string];
  const params: string[] = [];
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return escape(part);
      params.push(param[1]!);
      return '([^/]+)';
    })
    .join('');
  // Matched as Express routes (case-insensitive, one optional trailing slash), so no spelling of an
  // address reaches a handler without its rule; the rule's own `path` is the one spelling the audit files.
  return { ...rule, method, path, params, pattern: new RegExp(`^${source}/?$`, 'i') };
});

/** The rules of each method, literal paths first (/leads.csv, /resources/upload), then those with parameters. */
const BY_METHOD = new Map<string, CompiledRule[]>();
for (const rule of [...COMPILED].sort((a, b) => a.params.length - b.params.length))
  BY_METHOD.set(rule.method, [...(BY_METHOD.get(rule.method) ?? []), rule]);

type MatchedRule = CompiledRule & { values: Record<string, string> };

/** A path parameter as Express decodes it; a malformed escape (`%ff`) is the client's mistake: 400. */
function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, ErrorCode.VALIDATION, 'The address has a malformed escape (%)');
  }
}

/** The rule of a request (HEAD counts as GET), with its path parameters; undefined when none. */
export function ruleFor(method: string, path: string): MatchedRule | undefined {
  for (const rule of BY_METHOD.get(method === 'HEAD' ? 'GET' : method) ?? []) {
    const match = rule.pattern.exec(path);
    if (match) {
      const values = Object.fromEntries(rule.params.map((p, i) => [p, decodeParam(match[i + 1]!)]));
      return { ...rule, values };
    }
  }
  return undefined;
}

/**
 * The rule of this staff request, looked up once: `authorize` and the audit (audit.ts) both ask, in
 * the same router, so the answer is kept on the response for the request's life.
 */
export function ruleOfRequest(req: Request, res: Response): MatchedRule | undefined {
  const locals = res.locals as { accessRule?: MatchedRule | null };
  if (locals.accessRule === undefined)
    locals.accessRule = ruleFor(req.method, req.baseUrl + req.path) ?? null;
  return locals.accessRule ?? undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 403 with a clear message when the signed-in role may not call this route. Runs after requireStaff.
 * A write with no rule is refused to everyone (404): a missing rule can never mean a missing audit row.
 */
export const authorize: RequestHandler = (req, res, next) => {
  const actor = actorOfResponse(res);
  const rule = ruleOfRequest(req, res);
  if (!rule && !SAFE_METHODS.has(req.method)) throw notFound();
  if (isAdmin(actor)) return next();
  if (!rule || rule.role !== 'editor') throw forbidden(StaffMessages.adminOnly);
  next();
};
