import { Router } from 'express';
import { ErrorCode, newsletterSchema } from '@agency/contracts';
import { parseBody } from '../http/validate';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema';
import { conflict } from '../http/errors';

export function newsletterRouter(db: Db) {
  const router = Router();
  router.post('/', async (req, res) => {
    const { email, website } = parseBody(newsletterSchema, req);
    if (website) {
      res.status(201).json({ email, createdAt: new Date().toISOString() });
      return;
    }
    // The unique index on lower(email) decides duplicates atomically, also across API instances.
    const [row] = await db
      .insert(newsletterSubscriptions)
      .values({ email })
      .onConflictDoNothing()
      .returning({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt });
    if (!row) throw conflict('This email is already subscribed', ErrorCode.ALREADY_SUBSCRIBED);
    res.status(201).json(row);
  });
  return router;
}
