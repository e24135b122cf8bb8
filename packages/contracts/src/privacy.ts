import { z } from 'zod';
import { emailAddress } from './common';

/**
 * A person's data, found, exported and erased (issue 39 item 3; docs/privacy.md). Every call names the
 * address in its JSON body, never in the URL, so no access log, proxy or browser history holds it.
 */
export const PRIVACY_PATHS = {
  search: '/api/admin/privacy/search',
  export: '/api/admin/privacy/export',
  exportCsv: '/api/admin/privacy/export.csv',
  erase: '/api/admin/privacy/erase',
} as const;

export const PrivacyMessages = {
  email: 'Enter the e-mail address the request is about',
  confirm: 'Type the same address again to confirm the erasure',
  staffKept: 'Staff accounts are not erased by this tool: disable or change the account in the Staff tab.',
} as const;

/** POST …/search, …/export, …/export.csv. */
export const privacySubjectSchema = z.object({ email: emailAddress(PrivacyMessages.email) }).strict();
export type PrivacySubject = z.infer<typeof privacySubjectSchema>;

/** POST …/erase: `confirm` repeats the address (any letter case), so a slip of the mouse erases nothing. */
export const privacyEraseSchema = z
  .object({
    email: emailAddress(PrivacyMessages.email),
    confirm: z.string({ error: PrivacyMessages.confirm }).trim().max(254, PrivacyMessages.confirm),
  })
  .strict()
  .refine((v) => v.confirm.toLowerCase() === v.email.toLowerCase(), {
    message: PrivacyMessages.confirm,
    path: ['confirm'],
  });
export type PrivacyEraseInput = z.infer<typeof privacyEraseSchema>;

/** Where personal data lives, in the order the CMS lists it. */
export const PERSONAL_DATA_KINDS = [
  'contactRequests',
  'resourceLeads',
  'newsletterSubscriptions',
  'outboxJobs',
  'formOutcomes',
  'failedSignIns',
  'staffAccounts',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

export const PERSONAL_DATA_LABELS: Record<PersonalDataKind, string> = {
  contactRequests: 'Contact requests',
  resourceLeads: 'Resource leads',
  newsletterSubscriptions: 'Newsletter subscriptions',
  outboxJobs: 'Notifications (e-mails and webhooks)',
  formOutcomes: 'Form outcomes (no-JavaScript posts)',
  failedSignIns: 'Failed CMS sign-ins with this address',
  staffAccounts: 'Staff accounts',
};

export type PersonalDataCounts = Record<PersonalDataKind, number>;

/** The answer of search and of the JSON export: every record held about the address, as stored. */
export interface PersonalDataReport {
  subject: string;
  generatedAt: string;
  counts: PersonalDataCounts;
  records: Record<PersonalDataKind, Record<string, unknown>[]>;
}

/** The answer of an erasure: what went, per place; staff accounts are counted, never erased. */
export interface PrivacyEraseResult {
  erased: Omit<PersonalDataCounts, 'staffAccounts'>;
  total: number;
  staffAccountsKept: number;
  message: string;
}
