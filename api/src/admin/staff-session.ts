import type { Request } from 'express';
import type { Db } from '../db/client';

export interface StaffSession {
  id: string;
  expiresAt: string;
}

/**
 * The staff session of a request, or null for visitors. Public routes use it to let signed-in staff
 * preview drafts (a "published only" filter for everyone else).
 * TODO(issue 5): read the session cookie and look the session up in admin_sessions.
 */
export async function getStaffSession(_req: Request, _db: Db): Promise<StaffSession | null> {
  return null;
}
