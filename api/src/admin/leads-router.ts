import { Router } from 'express';
import { desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { leadsQuerySchema, type LeadType, type LeadsQuery } from '@agency/contracts';
import type { Db } from '../db/client';
import { contactRequests, newsletterSubscriptions, resourceLeads, resources } from '../db/schema';
import { parseQuery } from '../http/validate';

const MAX_ROWS = 5000;

/** `%q%` for ILIKE with the pattern characters of q taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function findLeads(db: Db, { type, q }: LeadsQuery): Promise<Record<string, unknown>[]> {
  const pattern = q ? containing(q) : undefined;
  if (type === 'newsletter') {
    const t = newsletterSubscriptions;
    return db
      .select()
      .from(t)
      .where(pattern ? ilike(t.email, pattern) : undefined)
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
      })
      .from(t)
      .innerJoin(resources, eq(resources.id, t.resourceId))
      .where(where)
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
  return db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(MAX_ROWS);
}

const CSV_COLUMNS: Record<LeadType, string[]> = {
  contacts: ['createdAt', 'firstName', 'lastName', 'email', 'company', 'budget', 'goals'],
  newsletter: ['createdAt', 'email'],
  resources: ['createdAt', 'name', 'email', 'resourceTitle'],
};

/** One CSV cell: quoted, and formula-looking text neutralised so spreadsheets do not run it. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** GET /leads?type=&q= (newest first) and GET /leads.csv?type=&q= (download). */
export function leadsRouter(db: Db) {
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
    res.type('text/csv; charset=utf-8').send(`\uFEFF${toCsv(CSV_COLUMNS[query.type], rows)}`);
  });
  return router;
}
