import { Router } from 'express';
import { contactRequestSchema } from '@agency/contracts';
import { parseBody } from '../http/validate';
import type { Db } from '../db/client';
import { contactRequests } from '../db/schema';

export function contactRouter(db: Db) {
  const router = Router();
  router.post('/', async (req, res) => {
    const { website, ...input } = parseBody(contactRequestSchema, req);
    // Honeypot filled in: answer like a success so bots learn nothing, store nothing.
    if (website) {
      res.status(201).json({ id: 0, createdAt: new Date().toISOString() });
      return;
    }
    const [row] = await db
      .insert(contactRequests)
      .values(input)
      .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
    res.status(201).json(row);
  });
  return router;
}
