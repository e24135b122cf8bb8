/** A person's data, found, exported and erased (issue 39; see admin/privacy-router.ts, docs/privacy.md). */
import { z } from 'zod';
import {
  PERSONAL_DATA_KINDS,
  PRIVACY_PATHS,
  privacyEraseSchema,
  privacySubjectSchema,
} from '@agency/contracts';
import { staff, type Operation } from './operation';

const count = z.number().int();

const counts = z.object(Object.fromEntries(PERSONAL_DATA_KINDS.map((k) => [k, count])));
const report = z.object({
  subject: z.string(),
  generatedAt: z.iso.datetime({ offset: true }),
  counts,
  records: z
    .object(
      Object.fromEntries(PERSONAL_DATA_KINDS.map((k) => [k, z.array(z.record(z.string(), z.unknown()))])),
    )
    .meta({ description: 'Every record held about the address, by place, as stored' }),
});
const eraseResult = z.object({
  erased: z.object(
    Object.fromEntries(PERSONAL_DATA_KINDS.filter((k) => k !== 'staffAccounts').map((k) => [k, count])),
  ),
  total: count,
  staffAccountsKept: count.meta({ description: 'Staff accounts with the address: never erased here' }),
  message: z.string(),
});

export const privacyOperations: Operation[] = [
  staff({
    method: 'post',
    path: PRIVACY_PATHS.search,
    tag: 'Privacy',
    summary: 'Everything held about an e-mail address (admins; the address in the body, never the URL)',
    body: privacySubjectSchema,
    responses: { 200: { description: 'The records, by place', schema: report } },
    errors: [400, 403],
  }),
  staff({
    method: 'post',
    path: PRIVACY_PATHS.export,
    tag: 'Privacy',
    summary: 'The same as a JSON download (admins; audited without the address)',
    body: privacySubjectSchema,
    responses: { 200: { description: 'The records, as an attachment', schema: report } },
    errors: [400, 403],
  }),
  staff({
    method: 'post',
    path: PRIVACY_PATHS.exportCsv,
    tag: 'Privacy',
    summary: 'The same as a CSV download, one row per record (admins; audited without the address)',
    body: privacySubjectSchema,
    responses: { 200: { description: 'Held in, Id, When, Record (JSON)', mediaType: 'text/csv' } },
    errors: [400, 403],
  }),
  staff({
    method: 'post',
    path: PRIVACY_PATHS.erase,
    tag: 'Privacy',
    summary:
      'Erase what is held about the address; `confirm` repeats it. Staff accounts are kept (admins; audited without the address)',
    body: privacyEraseSchema,
    responses: { 200: { description: 'What went, per place', schema: eraseResult } },
    errors: [400, 403],
  }),
];
