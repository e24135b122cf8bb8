import type { Request, Response } from 'express';
import { AdminMessages, ErrorCode, entityTag } from '@agency/contracts';
import { HttpError } from './errors';

/** HTTP's optimistic locking for staff-edited rows (RFC 9110 §13.1.1: If-Match, strong comparison). */

type Versioned = { updatedAt: string };

export const preconditionFailed = () =>
  new HttpError(412, ErrorCode.PRECONDITION_FAILED, AdminMessages.changedSinceOpened);

/** The tags an If-Match header lists; undefined when there is none (the write is unconditional). */
export function ifMatchTags(req: Request): string[] | undefined {
  const header = req.get('If-Match');
  if (header === undefined) return undefined;
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Throws 412 unless `current` satisfies the request's If-Match (`*` matches any existing row; weak
 * tags never match). Answers whether the write is conditional, i.e. must also hold at write time.
 */
export function checkIfMatch(req: Request, current: Versioned): boolean {
  const tags = ifMatchTags(req);
  if (!tags) return false;
  if (tags.includes('*')) return false;
  if (!tags.includes(entityTag(current))) throw preconditionFailed();
  return true;
}

export function setEntityTag(res: Response, row: Versioned): void {
  res.setHeader('ETag', entityTag(row));
}
