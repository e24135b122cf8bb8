import { AsyncLocalStorage } from 'node:async_hooks';
import type { Response } from 'express';
import { and, eq } from 'drizzle-orm';
import { OWNER_NAME, type SessionRole } from '@agency/contracts';
import type { Db } from '../db/client';
import { staffUsers } from '../db/schema';
import type { StaffSession } from '../http/staff-session';

/** Who a staff request acts as: the owner (id null) or a personal account. */
export interface Actor {
  id: number | null;
  name: string;
  email: string | null;
  role: SessionRole;
}

export const OWNER: Actor = { id: null, name: OWNER_NAME, email: null, role: 'owner' };

/** `owner` or `user:<id>`: one key per person (presence rows, rate limits). */
export const actorKey = (actor: Pick<Actor, 'id'>) => (actor.id === null ? 'owner' : `user:${actor.id}`);

/** The owner and admins may do everything; editors what the access policy lets them. */
export const isAdmin = (actor: Actor) => actor.role !== 'editor';

/**
 * The person behind a session, or null when their account is gone or disabled (their sessions are
 * deleted then too; this covers a request already under way).
 */
export async function actorOf(db: Db, session: StaffSession): Promise<Actor | null> {
  if (session.userId === null) return OWNER;
  const [user] = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, role: staffUsers.role })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, session.userId), eq(staffUsers.disabled, false)));
  return user ?? null;
}

/**
 * The actor of the request being handled, for code far from the request (a revision written inside a
 * transaction). Set by requireStaff for the rest of the request.
 */
export const actorContext = new AsyncLocalStorage<Actor>();
export const currentActor = (): Actor | undefined => actorContext.getStore();

/** The actor a `requireStaff` route runs under. */
export const actorOfResponse = (res: Response): Actor => res.locals['actor'] as Actor;
