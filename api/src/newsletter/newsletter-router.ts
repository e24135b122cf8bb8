import { Router } from 'express';
import { ErrorCode, newsletterSchema } from '@agency/contracts';
import { parseBody, rejectInvalidBody } from '../http/validate';
import type { Db } from '../db/client';
import { rateLimit } from '../http/rate-limit';
import { newsletterSubscriptions } from '../db/schema';
import { conflict } from '../http/errors';

/** Per client address: far above what a person sends, low enough to stop a flood. */
export const NEWSLETTER_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

/**
 * Adds an address to the list; undefined when it is already on it. The unique index on lower(email)
 * decides duplicates atomically, also across API instances. The JSON API and the HTML form both call it.
 */
export async function subscribe(db: Db, email: string) {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt });
  return row;
}

export function newsletterRouter(db: Db, opts: { rateLimitScale?: number } = {}) {
  const router = Router();
  const limiter = rateLimit(db, {
    name: 'newsletter',
    ...NEWSLETTER_RATE_LIMIT,
    scale: opts.rateLimitScale ?? 1,
  });
  // Only valid submissions count against the limit: invalid ones are refused before it.
  router.post('/', rejectInvalidBody(newsletterSchema), limiter, async (req, res) => {
    const { email, website } = parseBody(newsletterSchema, req);
    if (website) {
      res.status(201).json({ email, createdAt: new Date().toISOString() });
      return;
    }
    const row = await subscribe(db, email);
    if (!row) throw conflict('This email is already subscribed', ErrorCode.ALREADY_SUBSCRIBED);
    res.status(201).json(row);
  });
  return router;
}
