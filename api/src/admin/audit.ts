import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_PAGE_MAX,
  auditQuerySchema,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
} from '@agency/contracts';
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

/**
 * What the audit row of this write says, when its route knows better than the item it answered with
 * (an export or erasure of a person's data: how many records, never the address it was about).
 */
export const setAuditSummary = (res: Response, summary: string) => {
  res.locals['auditSummary'] = summary;
};

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
  return (req, res, next) => {
    const rule = ruleOfRequest(req, res);
    if (!rule?.audit) return next();
    let answered: unknown;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      answered = body;
      return json(body);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode < 200 || res.statusCode >= 300) return end(...args);
      const { type, id } = entityOf(rule.path, rule.values);
      const base = {
        actor: actorOfResponse(res),
        action: rule.audit!,
        entityType: type,
        address: clientAddress(req),
      };
      // A bulk action is one row per item it changed, so each item's audit shows it.
      const changed = (answered as { changed?: unknown } | undefined)?.changed;
      const sent = req.body as { action?: unknown } | undefined;
      const entries: AuditEntry[] = Array.isArray(changed)
        ? changed.map((itemId) => ({
            ...base,
            entityId: itemId as number,
            summary: String(sent?.action ?? ''),
          }))
        : [
            {
              ...base,
              entityId: id ?? (answered as { id?: number } | undefined)?.id ?? null,
              summary: (res.locals['auditSummary'] as string | undefined) ?? summaryOf(req, answered),
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

/** The CSV's columns, headed for a person reading the sheet (as the leads export is). */
const CSV_COLUMNS = (
  [
    ['When', 'at'],
    ['Person', 'actorName'],
    ['Action', 'action'],
    ['Item type', 'entityType'],
    ['Item id', 'entityId'],
    ['Summary', 'summary'],
    ['Address', 'address'],
  ] as const
).map(([header, field]) => ({ header, value: (row: Record<string, unknown>) => row[field] }));
/** An instant of the query as the database compares it: a bare date is its start in UTC. */
const instant = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();

/** One page, newest first: up to `limit` rows older than `before`, between `from` and `to`. */
async function findEvents(db: Db, q: AuditQuery): Promise<AuditEvent[]> {
  const where: (SQL | undefined)[] = [];
  if (q.actor === 'owner') where.push(isNull(auditEvents.actorId));
  else if (q.actor) where.push(eq(auditEvents.actorId, Number(q.actor)));
  if (q.type) where.push(eq(auditEvents.entityType, q.type));
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
