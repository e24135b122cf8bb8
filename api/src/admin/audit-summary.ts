import type { Response } from 'express';

/**
 * What the audit row of this write says, when its route knows better than the item it answered with
 * (an export or erasure of a person's data: how many records, never the address it was about). On its
 * own so that routes below the audit (redirects, via crud-router) can say it without importing it.
 */
export const setAuditSummary = (res: Response, summary: string) => {
  res.locals['auditSummary'] = summary;
};

/** The summary a route set for this write, if any (audit.ts). */
export const auditSummaryOf = (res: Response): string | undefined => {
  const s: unknown = res.locals['auditSummary'];
  return typeof s === 'string' ? s : undefined;
};
