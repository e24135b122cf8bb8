import { Router } from 'express';
import { contactRequestSchema } from '@agency/contracts';
import { parseBody, rejectInvalidBody } from '../http/validate';
import type { Db } from '../db/client';
import { rateLimit } from '../http/rate-limit';
import { contactStore } from './contact-store';

/** Per client address: far above what a person sends, low enough to stop a flood. */
export const CONTACT_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export function contactRouter(db: Db, opts: { rateLimitScale?: number } = {}) {
  const router = Router();
  const store = contactStore(db);
  const limiter = rateLimit(db, { name: 'contact', ...CONTACT_RATE_LIMIT, scale: opts.rateLimitScale ?? 1 });
  // Only valid submissions count against the limit: invalid ones are refused before it.
  router.post('/', rejectInvalidBody(contactRequestSchema), limiter, async (req, res) => {
    const { website, ...input } = parseBody(contactRequestSchema, req);
    // Honeypot filled in: answer like a success so bots learn nothing, store nothing.
    if (website) {
      res.status(201).json({ id: 0, createdAt: new Date().toISOString() });
      return;
    }
    res.status(201).json(await store(input));
  });
  return router;
}
