import type { Request } from 'express';
import type { Db } from '../db/client';
import { getStaffSession } from '../http/staff-session';

/**
 * Who may see drafts: signed-in staff previewing content. Every other reader gets a
 * "published only" filter, never a yes/no on the whole route.
 */
export async function canSeeDrafts(req: Request, db: Db): Promise<boolean> {
  return (await getStaffSession(req, db)) !== null;
}

/** Lists: visitors and `?published=true` always get published rows only. */
export async function listIncludesDrafts(
  req: Request,
  db: Db,
  query: { published?: 'true' | undefined },
): Promise<boolean> {
  if (query.published === 'true') return false;
  return canSeeDrafts(req, db);
}
