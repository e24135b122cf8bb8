import { Router, type Response } from 'express';
import {
  PERSONAL_DATA_KINDS,
  PERSONAL_DATA_LABELS,
  PRIVACY_PATHS,
  privacyEraseSchema,
  privacySubjectSchema,
  type PersonalDataReport,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { parseBody } from '../http/validate';
import { setAuditSummary } from './audit-summary';
import { toCsv } from './leads-router';
import { countsSummary, erasePersonalData, findPersonalData } from './personal-data';

/** The routes below sit under /api/admin (admin-router.ts mounts them). */
const under = (path: string) => path.slice('/api/admin'.length);

const download = (res: Response, ext: 'json' | 'csv', at: Date) =>
  // The file is named by the day, not the person: a downloads folder is no place for the address.
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="personal-data-${at.toISOString().slice(0, 10)}.${ext}"`,
  );

/** One CSV row per record: where it is held, its id, when, and the record itself as JSON. */
const CSV_COLUMNS = [
  ['Held in', 'heldIn'],
  ['Id', 'id'],
  ['When', 'when'],
  ['Record', 'record'],
].map(([header, field]) => ({ header: header!, value: (r: Record<string, unknown>) => r[field!] }));

function csvRows(report: PersonalDataReport): Record<string, unknown>[] {
  return PERSONAL_DATA_KINDS.flatMap((kind) =>
    report.records[kind].map((record) => ({
      heldIn: PERSONAL_DATA_LABELS[kind],
      id: record['id'] ?? '',
      when: record['createdAt'] ?? record['at'] ?? record['expiresAt'] ?? '',
      record: JSON.stringify(record),
    })),
  );
}

/**
 * A person's data (admins and the owner; access-policy.ts): POST /privacy/search, /privacy/export
 * (JSON download), /privacy/export.csv and /privacy/erase {email, confirm}. The address travels in
 * the body only; the audit row of an export or erasure says who and how many records, not whose.
 */
export function privacyRouter(db: Db) {
  const router = Router();

  router.post(under(PRIVACY_PATHS.search), async (req, res) => {
    const { email } = parseBody(privacySubjectSchema, req);
    res.json(await findPersonalData(db, email, new Date()));
  });

  router.post(under(PRIVACY_PATHS.export), async (req, res) => {
    const { email } = parseBody(privacySubjectSchema, req);
    const now = new Date();
    const report = await findPersonalData(db, email, now);
    setAuditSummary(res, countsSummary('Exported (JSON)', report.counts));
    download(res, 'json', now);
    res.json(report);
  });

  router.post(under(PRIVACY_PATHS.exportCsv), async (req, res) => {
    const { email } = parseBody(privacySubjectSchema, req);
    const now = new Date();
    const report = await findPersonalData(db, email, now);
    setAuditSummary(res, countsSummary('Exported (CSV)', report.counts));
    download(res, 'csv', now);
    res.type('text/csv; charset=utf-8').send(toCsv(CSV_COLUMNS, csvRows(report)));
  });

  router.post(under(PRIVACY_PATHS.erase), async (req, res) => {
    const { email } = parseBody(privacyEraseSchema, req);
    const result = await erasePersonalData(db, email);
    setAuditSummary(res, countsSummary('Erased', result.erased));
    res.json(result);
  });

  return router;
}
