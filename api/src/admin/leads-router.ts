import { Router } from 'express';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify/sync';
import {
  budgetLabel,
  leadCampaign,
  leadSourceName,
  leadsDeleteSchema,
  leadsHandledSchema,
  leadsQuerySchema,
  SUBSCRIPTION_STATUS_LABELS,
  type LeadStatus,
  type SubscriptionStatus,
  type LeadType,
  type LeadsChangeResult,
  type LeadSource,
  type LeadsQuery,
  type LeadsSummary,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { parseBody, parseQuery } from '../http/validate';

const MAX_ROWS = 5000;

/** The table behind each kind of lead. */
const LEAD_TABLES = {
  contacts: contactRequests,
  newsletter: newsletterSubscriptions,
  resources: resourceLeads,
} as const;

/** `%q%` for ILIKE with the pattern characters of q taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Open leads have no handled_at; handled ones have one. */
const ofStatus = (handledAt: PgColumn, status: LeadStatus): SQL | undefined =>
  status === 'open' ? isNull(handledAt) : status === 'handled' ? isNotNull(handledAt) : undefined;

/**
 * Leads from a source (its referrer host or utm_source contains `source`) and of a campaign (its
 * utm_campaign contains `campaign`), any case; a lead with no source matches neither.
 */
const fromSource = (col: PgColumn, { source, campaign }: LeadsQuery): SQL | undefined =>
  and(
    source
      ? or(
          ilike(sql`${col}->>'referrerHost'`, containing(source)),
          ilike(sql`${col}->'utm'->>'utm_source'`, containing(source)),
        )
      : undefined,
    campaign ? ilike(sql`${col}->'utm'->>'utm_campaign'`, containing(campaign)) : undefined,
  );

async function findLeads(db: Db, query: LeadsQuery): Promise<Record<string, unknown>[]> {
  const { type, q, status } = query;
  const pattern = q ? containing(q) : undefined;
  if (type === 'newsletter') {
    const t = newsletterSubscriptions;
    // Never the confirmation's secret: staff do not confirm for a visitor.
    return db
      .select({
        id: t.id,
        email: t.email,
        createdAt: t.createdAt,
        handledAt: t.handledAt,
        source: t.source,
        subscription: t.status,
        confirmedAt: t.confirmedAt,
        unsubscribedAt: t.unsubscribedAt,
        consent: t.consent,
      })
      .from(t)
      .where(
        and(
          pattern ? ilike(t.email, pattern) : undefined,
          ofStatus(t.handledAt, status),
          fromSource(t.source, query),
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(MAX_ROWS);
  }
  if (type === 'resources') {
    const t = resourceLeads;
    const where: SQL | undefined = pattern
      ? or(ilike(t.name, pattern), ilike(t.email, pattern), ilike(resources.title, pattern))
      : undefined;
    return db
      .select({
        id: t.id,
        name: t.name,
        email: t.email,
        resourceId: t.resourceId,
        resourceTitle: resources.title,
        createdAt: t.createdAt,
        handledAt: t.handledAt,
        source: t.source,
      })
      .from(t)
      .innerJoin(resources, eq(resources.id, t.resourceId))
      .where(and(where, ofStatus(t.handledAt, status), fromSource(t.source, query)))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(MAX_ROWS);
  }
  const t = contactRequests;
  const where: SQL | undefined = pattern
    ? or(
        ilike(t.firstName, pattern),
        ilike(t.lastName, pattern),
        ilike(t.email, pattern),
        ilike(t.company, pattern),
        ilike(t.goals, pattern),
      )
    : undefined;
  return db
    .select()
    .from(t)
    .where(and(where, ofStatus(t.handledAt, status), fromSource(t.source, query)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(MAX_ROWS);
}

type Row = Record<string, unknown>;
type CsvColumn = { header: string; value: (row: Row) => unknown };
const column = (header: string, name: string): CsvColumn => ({ header, value: (r) => r[name] });
/** Open, or Handled (its time is the next column). */
const status: CsvColumn = { header: 'Status', value: (r) => (r['handledAt'] ? 'Handled' : 'Open') };
const handledAt = column('Handled At', 'handledAt');
const sourceOf = (r: Row) => r['source'] as LeadSource | null | undefined;
/** Where the lead came from: its source and campaign, the page its visit began on and the form's page. */
const origin: CsvColumn[] = [
  { header: 'Source', value: (r) => leadSourceName(sourceOf(r)) },
  { header: 'Campaign', value: (r) => leadCampaign(sourceOf(r)) },
  { header: 'Landing page', value: (r) => sourceOf(r)?.landingPage },
  { header: 'Page', value: (r) => sourceOf(r)?.page },
];

/** The export's columns, headed as a person reads them, with each lead's status. */
const CSV_COLUMNS: Record<LeadType, CsvColumn[]> = {
  contacts: [
    column('Received', 'createdAt'),
    column('First Name', 'firstName'),
    column('Last Name', 'lastName'),
    column('Email', 'email'),
    column('Company', 'company'),
    { header: 'Budget', value: (r) => budgetLabel(r['budget']) },
    column('Goals', 'goals'),
    ...origin,
    status,
    handledAt,
  ],
  // Only `Subscribed` rows are subscribers: pending sign-ups and unsubscribed addresses say so.
  newsletter: [
    column('Signed up', 'createdAt'),
    column('Email', 'email'),
    {
      header: 'Subscription',
      value: (r) => SUBSCRIPTION_STATUS_LABELS[r['subscription'] as SubscriptionStatus],
    },
    column('Confirmed', 'confirmedAt'),
    column('Unsubscribed', 'unsubscribedAt'),
    ...origin,
    status,
    handledAt,
  ],
  resources: [
    column('Received', 'createdAt'),
    column('Name', 'name'),
    column('Email', 'email'),
    column('Resource', 'resourceTitle'),
    ...origin,
    status,
    handledAt,
  ],
};

/** New leads of the last 7 days by the database's clock (subscriptions: confirmed in the window). */
async function leadsSummary(db: Db): Promise<LeadsSummary> {
  const result = (await db.execute(sql`
    select to_char((now() - interval '7 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since,
      (select count(*) from ${contactRequests} where ${contactRequests.createdAt} >= now() - interval '7 days')::int as contacts,
      (select count(*) from ${resourceLeads} where ${resourceLeads.createdAt} >= now() - interval '7 days')::int as resources,
      (select count(*) from ${newsletterSubscriptions} where ${newsletterSubscriptions.confirmedAt} >= now() - interval '7 days')::int as newsletter
  `)) as unknown as { rows: LeadsSummary[] };
  const row = result.rows[0]!;
  return {
    since: row.since,
    contacts: Number(row.contacts),
    resources: Number(row.resources),
    newsletter: Number(row.newsletter),
  };
}

/** One cell's text, formula-looking text neutralised so spreadsheets do not run it. */
export function csvText(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The CSV (csv-stringify: every cell quoted, CRLF lines, a BOM so spreadsheets read UTF-8). */
export function toCsv(columns: CsvColumn[], rows: Row[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => csvText(c.value(row)))),
    {
      bom: true,
      header: true,
      columns: columns.map((c) => csvText(c.header)),
      quoted: true,
      quoted_empty: true,
      record_delimiter: 'windows',
    },
  );
}

/**
 * GET /leads?type=&q=&status=&source=&campaign= (newest first), GET /leads.csv?… (the same, as a download),
 * POST /leads/handled {type, ids, handled} and POST /leads/delete {type, ids} (for good: the CMS asks
 * to export first). Ids that do not exist are skipped; the answer counts the leads changed.
 */
export function leadsRouter({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const router = Router();
  router.get('/leads', async (req, res) => {
    const query = parseQuery(leadsQuerySchema, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await findLeads(db, query));
  });
  router.get('/leads.csv', async (req, res) => {
    const query = parseQuery(leadsQuerySchema, req);
    const rows = await findLeads(db, query);
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="leads-${query.type}-${day}.csv"`);
    res.type('text/csv; charset=utf-8').send(toCsv(CSV_COLUMNS[query.type], rows));
  });
  router.get('/leads/summary', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await leadsSummary(db));
  });
  router.post('/leads/handled', async (req, res) => {
    const { type, ids, handled } = parseBody(leadsHandledSchema, req);
    const t = LEAD_TABLES[type];
    const changed = await db
      .update(t)
      // Marking a handled lead handled again keeps the first date.
      .set({ handledAt: handled ? sql`coalesce(${t.handledAt}, ${clock().toISOString()})` : null })
      .where(inArray(t.id, ids))
      .returning({ id: t.id });
    res.json({ count: changed.length } satisfies LeadsChangeResult);
  });
  router.post('/leads/delete', async (req, res) => {
    const { type, ids } = parseBody(leadsDeleteSchema, req);
    const t = LEAD_TABLES[type];
    const gone = await db.delete(t).where(inArray(t.id, ids)).returning({ id: t.id });
    res.json({ count: gone.length } satisfies LeadsChangeResult);
  });
  return router;
}
