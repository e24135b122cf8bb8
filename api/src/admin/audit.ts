import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { and, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  AUDIT_PAGE_MAX,
  auditActionLabel,
  auditQuerySchema,
  auditTime,
  auditTypeLabel,
  auditTypesMatching,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
} from '@agency/contracts';
import { TRASHABLE } from './trash-router';
import { auditSummaryOf } from './audit-summary';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { clientAddress } from '../http/client-address';
import { parseQuery } from '../http/validate';
import { toCsv } from './leads-router';
import { ruleOfRequest } from './access-policy';
import { actorOfResponse, type Actor } from './staff-actor';

export interface AuditEntry {
  actor: Pick<Actor, 'id' | 'name'>;
  action: AuditAction;
  entityType?: string | null;
  entityId?: string | number | null;
  summary?: string;
  address?: string | null;
}

/**
 * Stores audit rows in one statement. The action they record has already happened (a session
 * started, a password set, a write answered), so a row that cannot be stored is logged and never
 * turns that success into an error.
 */
export async function recordAudit(db: Db, log: Logger, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((entry) => ({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId),
    summary: (entry.summary ?? '').slice(0, 300),
    address: entry.address ?? null,
  }));
  if (!rows.length) return;
  await db
    .insert(auditEvents)
    .values(rows)
    .catch((err: unknown) => log.error({ err, rows: rows.length }, 'could not record an audit row'));
}

/** The words staff know an item by, from the stored row a write answered with. */
function titleOf(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
  const row = body as Record<string, unknown>;
  for (const key of ['title', 'name', 'email', 'originalName', 'fileName', 'message']) {
    if (typeof row[key] === 'string' && row[key]) return row[key];
  }
  return '';
}

/** What an item is called in the audit: the content type or the route's first segment. */
function entityOf(path: string, values: Record<string, string>): { type: string | null; id: string | null } {
  const segments = path.replace(/^\/api\/admin\//, '').split('/');
  const type = values['type'] ?? values['remote'] ?? segments[0]?.replace(/\.csv$/, '') ?? null;
  const id = values['id'] ?? null;
  return { type, id };
}

function summaryOf(req: Request, body: unknown): string {
  const title = titleOf(body);
  if (title) return title;
  const sent = req.body as Record<string, unknown> | undefined;
  if (sent && Array.isArray(sent['ids'])) {
    const action = typeof sent['action'] === 'string' ? `${sent['action']} ` : '';
    return `${action}${(sent['ids'] as unknown[]).length} item(s): ${(sent['ids'] as unknown[]).join(', ')}`;
  }
  if (sent && typeof sent['version'] === 'string') return `version ${sent['version']}`;
  return '';
}

/** Writes whose item is gone (or in the Trash) once they answer: its name is read before. */
const NAMED_BEFORE = new Set<AuditAction>(['content.delete', 'content.bulk', 'trash.purge', 'media.delete']);

/** The names of items of `type` (a content type or `media`) by id, as stored now. */
async function namesOf(db: Db, type: string | null, ids: unknown[]): Promise<Map<string, string>> {
  const kind = type
    ? (TRASHABLE as Record<string, (typeof TRASHABLE)[keyof typeof TRASHABLE]>)[type]
    : undefined;
  const wanted = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (!kind || !wanted.length) return new Map();
  const rows = (await db
    .select({ id: kind.table.id, name: kind.title })
    .from(kind.table as PgTable)
    .where(inArray(kind.table.id, wanted))) as { id: unknown; name: unknown }[];
  return new Map(rows.map((r) => [String(r.id), String(r.name ?? '')]));
}

/** What a bulk action did to each item, in words. */
const BULK_WORDS: Record<string, string> = {
  publish: 'Published',
  unpublish: 'Unpublished',
  delete: 'Moved to the Trash',
};

/**
 * The action a row records when the route's one action says too little: an account's PATCH that
 * disables, enables or sets a password; a rollback that ended a canary (the releases code answers
 * "Ended the canary of …" for it).
 */
function actionOf(
  action: AuditAction,
  sent: Record<string, unknown> | undefined,
  answered: unknown,
): AuditAction {
  if (action === 'user.update' && sent) {
    if (sent['disabled'] === true) return 'user.disable';
    if (sent['disabled'] === false) return 'user.enable';
    if (typeof sent['password'] === 'string') return 'user.password';
  }
  if (action === 'release.rollback') {
    const message = (answered as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.startsWith('Ended the canary')) return 'release.canary-end';
  }
  return action;
}

/** A lead change in words: how, how many, which kind and which ids. */
function leadsSummary(action: AuditAction, sent: Record<string, unknown> | undefined, answered: unknown) {
  const count = Number((answered as { count?: unknown } | undefined)?.count ?? 0);
  const kind = typeof sent?.['type'] === 'string' ? `${sent['type']} ` : '';
  const ids = Array.isArray(sent?.['ids']) ? ` (#${(sent['ids'] as unknown[]).join(', #')})` : '';
  const leads = `${count} ${kind}lead${count === 1 ? '' : 's'}`;
  if (action === 'leads.delete') return `${leads} deleted for good${ids}`;
  return `${leads} marked ${sent?.['handled'] === false ? 'open again' : 'handled'}${ids}`;
}

/**
 * Records every successful staff write (its rule in the access policy names the action) before the
 * answer leaves, so a client that reads the audit after its write finds the row. A write that failed
 * records nothing; an audit row that cannot be stored is logged and the answer still goes out.
 */
export function auditWrites(
  db: Db,
  log: Logger,
  /** Hears each write's rows once they are stored (staff-events.ts pushes them to open CMS tabs). */
  onRecorded?: (entries: AuditEntry[]) => void,
): RequestHandler {
  return async (req, res, next) => {
    const rule = ruleOfRequest(req, res);
    if (!rule?.audit) return next();
    const sent = req.body as Record<string, unknown> | undefined;
    const { type, id } = entityOf(rule.path, rule.values);
    // An item moved to the Trash or deleted for good is named as it was (its row is gone after).
    let names = new Map<string, string>();
    if (NAMED_BEFORE.has(rule.audit)) {
      const ids = rule.audit === 'content.bulk' ? (Array.isArray(sent?.['ids']) ? sent['ids'] : []) : [id];
      names = await namesOf(db, type, ids).catch(() => new Map<string, string>());
    }
    let answered: unknown;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      answered = body;
      return json(body);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode < 200 || res.statusCode >= 300) return end(...args);
      const base = {
        actor: actorOfResponse(res),
        action: actionOf(rule.audit!, sent, answered),
        entityType: type,
        address: clientAddress(req),
      };
      // A bulk action is one row per item it changed, so each item's audit shows it.
      const changed = (answered as { changed?: unknown } | undefined)?.changed;
      const bulk = typeof sent?.['action'] === 'string' ? sent['action'] : '';
      // A created item is the answer's (a duplicate's path names the item it copied).
      const answeredId = (answered as { id?: number } | undefined)?.id;
      const itemId = (rule.audit === 'content.create' ? (answeredId ?? id) : (id ?? answeredId)) ?? null;
      const entries: AuditEntry[] = Array.isArray(changed)
        ? changed.map((changedId) => ({
            ...base,
            entityId: changedId as number,
            summary: [BULK_WORDS[bulk] ?? bulk, names.get(String(changedId))].filter(Boolean).join(': '),
          }))
        : [
            {
              ...base,
              entityId: itemId,
              summary:
                auditSummaryOf(res) ??
                (rule.audit === 'leads.handled' || rule.audit === 'leads.delete'
                  ? leadsSummary(rule.audit, sent, answered)
                  : (names.get(String(itemId)) ?? summaryOf(req, answered))),
            },
          ];
      // A bulk action's rows (up to BULK_MAX_IDS) go in one statement, not one connection each.
      void recordAudit(db, log, entries).finally(() => {
        onRecorded?.(entries);
        end(...args);
      });
      return res;
    }) as Response['end'];
    next();
  };
}

/** The CSV's columns, headed and worded for a person reading the sheet (as the leads export is). */
const CSV_COLUMNS: { header: string; value: (row: Record<string, unknown>) => unknown }[] = [
  { header: 'When', value: (row) => auditTime(String(row['at'])) },
  { header: 'Person', value: (row) => row['actorName'] },
  { header: 'Action', value: (row) => auditActionLabel(row as unknown as AuditEvent) },
  { header: 'Item type', value: (row) => auditTypeLabel((row['entityType'] as string | null) ?? null) },
  { header: 'Item id', value: (row) => row['entityId'] },
  { header: 'Summary', value: (row) => row['summary'] },
  { header: 'Address', value: (row) => row['address'] },
];
/** An instant of the query as the database compares it: a bare date is its start in UTC. */
const instant = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();

/** One page, newest first: up to `limit` rows older than `before`, between `from` and `to`. */
async function findEvents(db: Db, q: AuditQuery): Promise<AuditEvent[]> {
  const where: (SQL | undefined)[] = [];
  if (q.actor === 'owner') where.push(isNull(auditEvents.actorId));
  else if (q.actor) where.push(eq(auditEvents.actorId, Number(q.actor)));
  // The type as stored ('blog-posts') or as the CMS names it ('Blog', 'Blog Post').
  if (q.type) where.push(inArray(auditEvents.entityType, [q.type, ...auditTypesMatching(q.type)]));
  if (q.id) where.push(eq(auditEvents.entityId, q.id));
  if (q.from) where.push(gte(auditEvents.at, instant(q.from)));
  if (q.to) where.push(lt(auditEvents.at, instant(q.to)));
  if (q.before) where.push(lt(auditEvents.id, Number(q.before)));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.id))
    .limit(q.limit ? Number(q.limit) : AUDIT_PAGE_MAX);
  return rows as AuditEvent[];
}

/** A full page may have older rows: `Link: <…?before=<its last id>>; rel="next"` names the next page. */
function linkNext(req: Request, res: Response, q: AuditQuery, rows: AuditEvent[]) {
  const limit = q.limit ? Number(q.limit) : AUDIT_PAGE_MAX;
  const last = rows[rows.length - 1];
  if (rows.length < limit || !last) return;
  const next = new URLSearchParams(
    Object.entries({ ...q, before: String(last.id) }).filter((e): e is [string, string] => Boolean(e[1])),
  );
  res.setHeader('Link', `<${req.baseUrl}${req.path}?${next.toString()}>; rel="next"`);
}

/**
 * GET /audit?actor=&type=&id=&from=&to=&before=&limit= (newest first, a page at a time) and GET
 * /audit.csv (the same rows as a download). The answer stays a plain array; a full page says where
 * the next one is in its Link header (and a client may ask `before` the last id it holds).
 */
export function auditRouter(db: Db) {
  const router = Router();
  router.get('/audit', async (req, res) => {
    const q = parseQuery(auditQuerySchema, req);
    const rows = await findEvents(db, q);
    linkNext(req, res, q, rows);
    res.json(rows);
  });
  router.get('/audit.csv', async (req, res) => {
    const q = parseQuery(auditQuerySchema, req);
    const rows = await findEvents(db, q);
    linkNext(req, res, q, rows);
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Disposition', `attachment; filename="audit-${day}.csv"`);
    res
      .type('text/csv; charset=utf-8')
      .send(toCsv(CSV_COLUMNS, rows as unknown as Record<string, unknown>[]));
  });
  return router;
}
