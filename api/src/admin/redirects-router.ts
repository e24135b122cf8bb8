/**
 * The staff API of the CMS's Redirects tab (docs/cms.md): list, add, delete, CSV export and import. The
 * rules for what is stored are redirect-store.ts; after each write the site's answers load again.
 */
import { Router } from 'express';
import { asc, inArray, sql } from 'drizzle-orm';
import {
  RedirectMessages,
  redirectImportSchema,
  redirectInputSchema,
  type Redirect,
  type RedirectImportResult,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { redirects } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { adminIdParams, ErrorCode } from '@agency/contracts';
import { toCsv } from './leads-router';
import { setAuditSummary } from './audit-summary';
import { fromPathOf, storeRedirect, toPathOf } from './redirect-store';
import type { AppContext } from '../app-context';

type Row = Record<string, unknown>;

const CSV_COLUMNS = [
  { header: 'from', value: (r: Row) => r['fromPath'] },
  { header: 'to', value: (r: Row) => r['toPath'] },
  { header: 'hits', value: (r: Row) => r['hits'] },
  { header: 'source', value: (r: Row) => r['source'] },
  { header: 'created', value: (r: Row) => r['createdAt'] },
];

/** RFC 4180 fields: quotes around a field may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * GET /redirects (newest first, hits counted so far included), POST /redirects {from, to},
 * DELETE /redirects/:id, GET /redirects.csv, POST /redirects/import {csv}.
 */
export function redirectsRouter({ db, redirects: answers }: Pick<AppContext, 'db' | 'redirects'>) {
  const router = Router();

  const list = async () => {
    await answers.flushHits();
    return (await db
      .select()
      .from(redirects)
      .orderBy(sql`${redirects.createdAt} desc`, asc(redirects.id))) as Redirect[];
  };

  router.get('/redirects', async (_req, res) => {
    res.json(await list());
  });

  router.get('/redirects.csv', async (_req, res) => {
    res.setHeader('Content-Disposition', 'attachment; filename="redirects.csv"');
    res.type('text/csv; charset=utf-8').send(toCsv(CSV_COLUMNS, (await list()) as unknown as Row[]));
  });

  router.post('/redirects', async (req, res) => {
    const { from, to } = parseBody(redirectInputSchema, req);
    const fromPath = fromPathOf(from);
    const toPath = toPathOf(to);
    const stored = await db.transaction((tx) =>
      storeRedirect(tx as unknown as Db, fromPath, toPath, 'manual'),
    );
    await answers.changed();
    setAuditSummary(res, `${stored.fromPath} → ${stored.toPath}`);
    res.status(201).json(stored);
  });

  router.post('/redirects/import', async (req, res) => {
    const { csv } = parseBody(redirectImportSchema, req);
    const rows = parseCsv(csv).filter((r) => r.some((f) => f.trim()));
    const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
    const fromAt = header.indexOf('from');
    const toAt = header.indexOf('to');
    if (fromAt === -1 || toAt === -1 || rows.length < 2) {
      throw new HttpError(400, ErrorCode.VALIDATION, RedirectMessages.csvEmpty, {
        csv: RedirectMessages.csvEmpty,
      });
    }
    const result: RedirectImportResult = { added: 0, refused: [] };
    await db.transaction(async (tx) => {
      for (const [i, row] of rows.slice(1).entries()) {
        const from = (row[fromAt] ?? '').trim();
        const to = (row[toAt] ?? '').trim();
        try {
          await storeRedirect(tx as unknown as Db, fromPathOf(from), toPathOf(to), 'import');
          result.added++;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          result.refused.push({ line: i + 2, from, to, message: err.message });
        }
      }
    });
    await answers.changed();
    setAuditSummary(res, `${result.added} added, ${result.refused.length} refused`);
    res.json(result);
  });

  router.delete('/redirects/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const [gone] = await db
      .delete(redirects)
      .where(inArray(redirects.id, [id]))
      .returning({ fromPath: redirects.fromPath, toPath: redirects.toPath });
    if (!gone) throw notFound(RedirectMessages.notFound);
    await answers.changed();
    setAuditSummary(res, `${gone.fromPath} → ${gone.toPath}`);
    res.status(204).end();
  });

  return router;
}
